import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { readyForFirstRender } from './app/first-render';
import { startApiCacheLifecycle } from './lib/api-cache/swr-cache';
import { whenIdle } from './lib/idle';
import { startModalEvents } from './stores/modal-store';
import { startSessionSync, useSessionStore } from './stores/session-store';
import { startUnreadPolling } from './stores/unread-store';
import './styles/global.css';

startModalEvents();
startApiCacheLifecycle();
// Developer tools on window; not needed to draw the page, so fetched when the page is quiet.
whenIdle(() => {
  void import('./lib/console-helpers').then((helpers) => helpers.installConsoleHelpers());
});
startSessionSync();
startUnreadPolling();
void useSessionStore.getState().init();
// The worker registers after load anyway; its code need not hold up the first paint.
void import('./app/service-worker').then((worker) => worker.registerServiceWorker());

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const root = createRoot(container);
// The first render starts once the page's bundle (and a note page's early request) is in, so it
// does not suspend, and it is a transition, which renders in slices that yield to the browser:
// the HTML's own first screen stays up until the real page replaces it, with no loading state in
// between.
void readyForFirstRender(window.location.pathname).then(() => {
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
});
