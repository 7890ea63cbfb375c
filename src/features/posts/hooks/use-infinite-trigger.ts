import { useEffect, useRef } from 'react';

/** Distance below the fold at which the next page starts loading. */
const PRELOAD_MARGIN = '800px 0px';

/**
 * Calls `onReach` whenever the returned element comes near the viewport, so a list can load
 * its next page before the reader gets to the end. `enabled` must be false while a page is on
 * its way: each time it turns true (and on a new `itemCount`) the element is observed afresh,
 * and a new observer reports at once whether the element is near. An element already on
 * screen (a wide waterfall whose first page is shorter than the screen) then asks again
 * instead of firing once, too early, and never again.
 */
export function useInfiniteTrigger(onReach: () => void, enabled: boolean, itemCount: number) {
  const sentinel = useRef<HTMLDivElement>(null);
  const latest = useRef(onReach);
  useEffect(() => {
    latest.current = onReach;
  });

  useEffect(() => {
    const element = sentinel.current;
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      { rootMargin: PRELOAD_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled, itemCount]);

  return sentinel;
}
