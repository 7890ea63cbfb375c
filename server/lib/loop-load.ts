import { performance } from 'node:perf_hooks';
import type { EventLoopUtilization } from 'node:perf_hooks';

/**
 * How busy this thread's event loop was of late, as a share of the time (0 to 1): Node's
 * event-loop utilisation (the share of time the loop was not waiting for I/O) between the last
 * two readings at least `windowMs` apart. Read when asked, so nothing runs while nobody asks; a
 * reading asked for after a long quiet spell covers that spell and says the loop was idle.
 */
export function createLoopLoad(windowMs: number) {
  let last: { at: number; reading: EventLoopUtilization } | null = null;
  let latest = 0;
  return {
    utilization(): number {
      const at = performance.now();
      if (last && at - last.at < windowMs) return latest;
      const reading = performance.eventLoopUtilization();
      if (last) latest = performance.eventLoopUtilization(reading, last.reading).utilization;
      last = { at, reading };
      return latest;
    },
  };
}

/** This thread's: one event loop, one reading, shared by every app of the process. */
export const loopLoad = createLoopLoad(50);
