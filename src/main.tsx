import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startApiCacheLifecycle } from './lib/api-cache/swr-cache';
import { startModalEvents } from './stores/modal-store';
import { startSessionSync, useSessionStore } from './stores/session-store';
import { startUnreadPolling } from './stores/unread-store';
import './styles/global.css';

startModalEvents();
startApiCacheLifecycle();
// Developer tools on window; not needed to draw the page.
void import('./lib/console-helpers').then((helpers) => helpers.installConsoleHelpers());
startSessionSync();
startUnreadPolling();
void useSessionStore.getState().init();
// The worker registers after load anyway; its code need not hold up the first paint.
void import('./app/service-worker').then((worker) => worker.registerServiceWorker());

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
