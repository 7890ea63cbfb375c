import { useSyncExternalStore } from 'react';

/**
 * Whether a toast has been raised yet. The app shell mounts the toast stack from then on, not at
 * start: most visits raise none, and mounting it (react-hot-toast injects its styles at run time)
 * made one of a page's longest start-up tasks. The library keeps a toast raised before the stack
 * mounts and shows it then. Apart from src/lib/notify.ts so the shell's entry stays without it.
 */
let requested = false;
const listeners = new Set<() => void>();

export function markToastRequested(): void {
  if (requested) return;
  requested = true;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const useToastRequested = () =>
  useSyncExternalStore(
    subscribe,
    () => requested,
    () => false,
  );
