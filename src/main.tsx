import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { PageData } from '../contract/page-data';
import { App, appRouter } from './app/app';
import { readPageData, renderedDataConfig } from './app/rendered-page';
import { startApiCacheLifecycle } from './lib/api-cache/swr-cache';
import { whenIdle } from './lib/idle';
import { storageKeys } from './lib/storage-keys';
import { renderLoginAs, startModalEvents } from './stores/modal-store';
import {
  adoptRenderedUser,
  renderSessionAs,
  startSessionSync,
  useSessionStore,
} from './stores/session-store';
import { startUnreadPolling } from './stores/unread-store';
import './styles/global.css';

/**
 * Whether this browser reads the page as the reader the server drew it for. The server knows the
 * reader from the page cookie and the app from the token in localStorage; when they disagree (a
 * session from before the cookie, storage cleared) the app draws the page itself.
 */
function hydratable(data: PageData): boolean {
  const token = localStorage.getItem(storageKeys.token);
  if (!data.viewer) {
    if (token) return false;
    renderSessionAs(null, null);
    return true;
  }
  return token !== null && adoptRenderedUser(data.viewer, token);
}

/**
 * Ends the current task: start-up is cut into a few tasks (the bundle's own run, the route table,
 * the hydrating render, the session's start), none of which holds a tap up for long.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));

async function start(container: HTMLElement) {
  const rendered = readPageData(document);
  startModalEvents();
  startApiCacheLifecycle();
  // Developer tools on window; not needed to draw the page, so fetched when the page is quiet.
  whenIdle(() => {
    void import('./lib/console-helpers').then((helpers) => helpers.installConsoleHelpers());
  });
  startSessionSync();
  const hydrating = rendered !== null && hydratable(rendered);
  if (hydrating && rendered.signInFrom) {
    // Drawn as the app's guard leaves a visitor on a note: at / (history replace), the login
    // modal open to return there (SPEC.md section 2). The router starts at the address it reads.
    window.history.replaceState(null, '', '/');
  }
  if (hydrating) renderLoginAs(rendered.signInFrom ?? null);
  await nextTask();
  appRouter();
  await nextTask();
  if (hydrating) {
    hydrateRoot(
      container,
      <StrictMode>
        <App data={renderedDataConfig(rendered.swr)} />
      </StrictMode>,
    );
  } else {
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  }
  await nextTask();
  startUnreadPolling();
  void useSessionStore.getState().init();
  // The worker registers after load anyway; its code need not hold up the first paint.
  void import('./app/service-worker').then((worker) => worker.registerServiceWorker());
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
void start(container);
