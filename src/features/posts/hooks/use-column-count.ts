import { useSyncExternalStore } from 'react';
import { COLUMN_BREAKPOINTS } from '../../../../contract/feed-columns';

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

/** The count the server's render draws feeds in (src/entry-server.tsx sets it). */
let serverColumns: number = NARROWEST_COLUMNS;

/** `count` from the reader's screen (contract/feed-columns.ts), or null when it is not known. */
export function drawColumnsAs(count: number | null): void {
  serverColumns = count ?? NARROWEST_COLUMNS;
}

/**
 * The count a server-rendered page was drawn with: on the server, the one it draws; in the
 * browser, while it hydrates that page, the one its waterfall's markup holds, so that both draw
 * the same columns and the browser then re-lays them for its own screen if that differs.
 */
const drawnCount = () =>
  typeof document === 'undefined'
    ? serverColumns
    : Number(
        document
          .querySelector<HTMLElement>('[style*="--columns"]')
          ?.style.getPropertyValue('--columns'),
      ) || NARROWEST_COLUMNS;

/** How many waterfall columns the viewport holds right now. */
export function useColumnCount(): number {
  return useSyncExternalStore(subscribe, columnCount, drawnCount);
}
