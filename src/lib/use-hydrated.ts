import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => {};

/**
 * False while the page is rendered on the server and while the browser hydrates that HTML (React
 * then reads the server's value), true from the render after: what only the browser can know
 * (the document, the screen's width) is drawn from then on, so hydration matches the HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
