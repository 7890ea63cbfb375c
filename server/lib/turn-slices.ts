import { setImmediate as nextTurn } from 'node:timers';

/**
 * Starts requests in slices of the event loop's turns. Node reads every connection that is
 * ready in one turn, and a request answered from memory or from SQLite runs to its end inside
 * that read: fifty at once held the thread for 12 to 28 ms (the bench's event-loop delay at 50
 * connections), and every timer, heartbeat and new connection waited as long. Past `sliceMs` of
 * requests started in one turn, the next ones wait for a later turn, in order of arrival, and
 * while any wait, new ones line up behind them.
 *
 * libuv runs every ready callback of a turn and Node has no budget per turn, hence this.
 * `nextTurn` is Node's own `setImmediate` from `node:timers`, which tests' fake timers leave be.
 */
export interface TurnSlices {
  /** Calls `start` now, or in a later turn when this one is spent. */
  enter(start: () => void): void;
  /** Requests waiting for a turn now (for /metrics). */
  waiting(): number;
}

export function createTurnSlices(options: {
  sliceMs: number;
  /** The clock, for tests; `performance.now` otherwise. */
  now?: () => number;
}): TurnSlices {
  const now = options.now ?? (() => performance.now());
  const line: (() => void)[] = [];
  /** When this turn's slice began, and whether one began in this turn. */
  let sliceStart = 0;
  let open = false;
  let markQueued = false;

  const spent = () => now() - sliceStart >= options.sliceMs;

  const closeSlice = () => {
    open = false;
  };
  const mark = () => {
    markQueued = false;
    sliceStart = now();
  };
  /**
   * One is queued for every request in line. Node runs a turn's immediates one at a time with
   * the microtasks each leaves, so the clock read by the next counts the whole of the request
   * this one started (one answered from memory or SQLite ends within them). Immediates queued
   * while they run wait for the next turn, where `mark` (queued before them) opens a slice.
   */
  const pump = () => {
    if (!spent()) {
      line.shift()?.();
      return;
    }
    if (!markQueued) {
      markQueued = true;
      nextTurn(mark);
    }
    nextTurn(pump);
  };

  return {
    enter(start) {
      if (line.length === 0) {
        if (!open) {
          open = true;
          sliceStart = now();
          nextTurn(closeSlice);
        }
        if (!spent()) {
          start();
          return;
        }
      }
      line.push(start);
      nextTurn(pump);
    },
    waiting: () => line.length,
  };
}
