import { useSyncExternalStore } from 'react';
import type { Workbox } from 'workbox-window';
import { create } from 'zustand';
import { reloadPage } from '../../lib/page-reload';

interface WorkerState {
  /** A new version installed and waits for the reader's 刷新. */
  updateReady: boolean;
}

export const useWorkerStore = create<WorkerState>(() => ({ updateReady: false }));

let workbox: Workbox | null = null;

/**
 * Registers the service worker with workbox-window once the page has loaded (the worker's
 * precache downloads must not compete with the first paint). workbox-window itself loads then
 * too, so it weighs nothing on the first load.
 */
export function startServiceWorker(): void {
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return;
  const register = async () => {
    const { Workbox } = await import('workbox-window');
    workbox = new Workbox('/sw.js', { scope: '/' });
    // Also fires at once for a worker that was already waiting when this page opened.
    workbox.addEventListener('waiting', () => useWorkerStore.setState({ updateReady: true }));
    // A browser that refuses workers (private modes, automation with workers blocked) just
    // runs without one.
    await workbox.register().catch(() => undefined);
  };
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}

/**
 * 刷新: the waiting worker takes over and the page reloads once it controls. Drafts live in
 * IndexedDB, so nothing typed is lost.
 */
export function applyUpdate(): void {
  if (!workbox) {
    reloadPage();
    return;
  }
  workbox.addEventListener('controlling', () => reloadPage());
  workbox.messageSkipWaiting();
}

export function dismissUpdate(): void {
  useWorkerStore.setState({ updateReady: false });
}

/** The worker that answers this page's requests, if any (none before the first install). */
export function activeWorker(): ServiceWorker | null {
  return ('serviceWorker' in navigator && navigator.serviceWorker.controller) || null;
}

function subscribeController(onChange: () => void): () => void {
  if (!('serviceWorker' in navigator)) return () => undefined;
  navigator.serviceWorker.addEventListener('controllerchange', onChange);
  return () => navigator.serviceWorker.removeEventListener('controllerchange', onChange);
}

/**
 * Whether a worker controls the page; turns true on the first visit once the new worker
 * claims it, without a reload.
 */
export function useWorkerControlled(): boolean {
  return useSyncExternalStore(
    subscribeController,
    () => activeWorker() !== null,
    () => false,
  );
}
