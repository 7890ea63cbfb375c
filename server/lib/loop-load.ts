import { performance } from 'node:perf_hooks';
import type { EventLoopUtilization } from 'node:perf_hooks';

/** How busy this thread's event loop was of late, as a share of the time (0 to 1). */
export interface LoopLoad {
  utilization(): number;
  /** Stops sampling (tests; the timer does not keep a process alive). */
  stop(): void;
}

/**
 * Node's event-loop utilisation (the share of time the loop was not waiting for I/O), over the
 * last whole `windowMs`, sampled by a timer that starts with the first reading. A timer is late
 * by at most a turn of the loop, which requests' slices hold to about 2 ms (turn-slices.ts).
 */
export function createLoopLoad(windowMs: number): LoopLoad {
  let timer: NodeJS.Timeout | null = null;
  let last: EventLoopUtilization | null = null;
  let latest = 0;
  const sample = () => {
    const current = performance.eventLoopUtilization();
    if (last) latest = performance.eventLoopUtilization(current, last).utilization;
    last = current;
  };
  return {
    utilization() {
      if (!timer) {
        sample();
        timer = setInterval(sample, windowMs).unref();
      }
      return latest;
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
      last = null;
    },
  };
}

/** This thread's: one event loop, one reading, shared by every app of the process. */
export const loopLoad = createLoopLoad(50);
