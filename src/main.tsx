import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { registerServiceWorker } from './app/service-worker';
import { startApiCacheLifecycle } from './lib/api-cache/swr-cache';
import { installConsoleHelpers } from './lib/console-helpers';
import { startModalEvents } from './stores/modal-store';
import { startSessionSync, useSessionStore } from './stores/session-store';
import { startUnreadPolling } from './stores/unread-store';
import './styles/global.css';

startModalEvents();
startApiCacheLifecycle();
installConsoleHelpers();
startSessionSync();
startUnreadPolling();
void useSessionStore.getState().init();
registerServiceWorker();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
