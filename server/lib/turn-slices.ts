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
  /**
   * Resolves in an immediate of its own, in this turn while its slice lasts, else in a later
   * one (for work resumed by a callback, such as a worker's answer).
   */
  turn(): Promise<void>;
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

  const openSlice = () => {
    if (open) return;
    open = true;
    sliceStart = now();
    nextTurn(closeSlice);
  };
  const wait = (start: () => void) => {
    line.push(start);
    nextTurn(pump);
  };

  function enter(start: () => void) {
    if (line.length === 0) {
      openSlice();
      if (!spent()) {
        start();
        return;
      }
    }
    wait(start);
  }

  /**
   * A worker thread sends its answers in batches (up to 16, server/db/worker-pool.ts), all
   * delivered in one callback: resumed at once, each would find the slice unspent before any of
   * them had run. In line, each runs in its own immediate, after the clock has counted the one
   * before it.
   */
  function turn() {
    return new Promise<void>((resolve) => {
      if (line.length === 0) openSlice();
      wait(resolve);
    });
  }

  return {
    enter,
    turn,
    waiting: () => line.length,
  };
}

/**
 * How long requests may hold one turn of the event loop before the next ones wait for a later
 * turn (decision 032). At 2 ms the bench's event-loop delay p99 at 50 connections fell from
 * 14–33 ms to 3.6–4.6 ms on the feed, a note and a repeated search, with no fewer requests
 * answered.
 */
const TURN_SLICE_MS = 2;

/**
 * The slices of this thread's event loop. There is one loop per thread, so one set of slices:
 * every app of the process (tests build many) and the pools whose answers resume requests
 * share it.
 */
export const loopTurns = createTurnSlices({ sliceMs: TURN_SLICE_MS });

/** `work`'s value, delivered within a slice of a turn: what it resumes counts against the slice. */
export async function inSlice<T>(work: Promise<T>, slices: TurnSlices = loopTurns): Promise<T> {
  const value = await work;
  await slices.turn();
  return value;
}
