import { useSyncExternalStore } from 'react';
import { COLUMN_BREAKPOINTS, columnsForWidth } from '../masonry';

const queries = COLUMN_BREAKPOINTS.filter((breakpoint) => breakpoint.minWidth > 0).map(
  (breakpoint) => `(min-width: ${breakpoint.minWidth}px)`,
);

function subscribe(onChange: () => void) {
  if (typeof window.matchMedia !== 'function') return () => {};
  const lists = queries.map((query) => window.matchMedia(query));
  for (const list of lists) list.addEventListener('change', onChange);
  return () => {
    for (const list of lists) list.removeEventListener('change', onChange);
  };
}

/** How many waterfall columns the viewport holds right now. */
export function useColumnCount(): number {
  return useSyncExternalStore(
    subscribe,
    () => columnsForWidth(window.innerWidth),
    () => 2,
  );
}
