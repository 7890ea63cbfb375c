import { useSyncExternalStore } from 'react';
import { COLUMN_BREAKPOINTS } from '../masonry';

/** Widest first, so the first query that matches names the column count. */
const WIDE_BREAKPOINTS = COLUMN_BREAKPOINTS.filter((breakpoint) => breakpoint.minWidth > 0);
const NARROWEST_COLUMNS = COLUMN_BREAKPOINTS[COLUMN_BREAKPOINTS.length - 1].columns;

let lists: MediaQueryList[] | undefined;

/**
 * One MediaQueryList per breakpoint, made once. Reading `matches` costs nothing, whereas
 * `window.innerWidth` forces a style and layout pass when read right after a commit (React reads
 * the snapshot again after every commit).
 */
function breakpointLists(): MediaQueryList[] {
  lists ??= WIDE_BREAKPOINTS.map((breakpoint) =>
    window.matchMedia(`(min-width: ${breakpoint.minWidth}px)`),
  );
  return lists;
}

function subscribe(onChange: () => void) {
  if (typeof window.matchMedia !== 'function') return () => {};
  for (const list of breakpointLists()) list.addEventListener('change', onChange);
  return () => {
    for (const list of breakpointLists()) list.removeEventListener('change', onChange);
  };
}

function columnCount(): number {
  if (typeof window.matchMedia !== 'function') return NARROWEST_COLUMNS;
  const index = breakpointLists().findIndex((list) => list.matches);
  return index === -1 ? NARROWEST_COLUMNS : WIDE_BREAKPOINTS[index].columns;
}

/** How many waterfall columns the viewport holds right now. */
export function useColumnCount(): number {
  return useSyncExternalStore(subscribe, columnCount, () => NARROWEST_COLUMNS);
}
