import { useCallback, useRef } from 'react';
import type { MouseEvent } from 'react';
import { NAV_CLICK_THROTTLE_MS } from '../../lib/constants';

/**
 * SPEC.md section 2: navigation bar clicks are throttled to 2 s. Each control has its own
 * clock, so a click on one never swallows a click on another. Returns a guard that tells
 * whether the click may proceed, cancelling it (preventDefault) when it may not.
 */
export function useNavThrottle() {
  const lastClicks = useRef(new Map<string, number>());
  return useCallback((key: string, event?: MouseEvent) => {
    const now = Date.now();
    const last = lastClicks.current.get(key);
    if (last !== undefined && now - last < NAV_CLICK_THROTTLE_MS) {
      event?.preventDefault();
      return false;
    }
    lastClicks.current.set(key, now);
    return true;
  }, []);
}
