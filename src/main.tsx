import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
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
// A transition renders in slices that yield to the browser between them, and it commits only once
// the page's bundle has arrived: the HTML's own first screen stays up until the real one replaces
// it, with no loading state in between.
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
