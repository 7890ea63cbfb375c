/**
 * Entries dropped in one turn of the event loop. lru-cache's `purgeStale()` walks every entry at
 * once: 20,000 expired cards held the thread that answers requests 3.7-8.4 ms, at rest after a
 * burst of searches or in the middle of the next one. A thousand take 0.2-0.6 ms.
 */
export const EXPIRY_SLICE = 1000;

/**
 * The keys of a cache whose entries live a fixed `ttlMs` from when they are put in and are never
 * renewed (lru-cache's default), so that they expire in the order they were put in. Drops them
 * as they expire, without anyone asking for them, a slice at a time, with one timer armed only
 * while keys are waiting.
 *
 * `left(key)` is the entry's time to live now: more than 0 when the key was put in again since
 * (it waits again, for that entry), 0 or less when expired or gone; `drop(key)` removes it.
 * lru-cache answers an infinite time for an entry whose start it does not know (a clock that
 * read 0): such a key is looked at again a whole time later, not waited for forever at the
 * front of the line, where it would hold up every key behind it.
 */
export function createExpiryLine(options: {
  ttlMs: number;
  now: () => number;
  left: (key: string) => number;
  drop: (key: string) => void;
}) {
  const { ttlMs, now, left, drop } = options;
  let keys: string[] = [];
  let putAt: number[] = [];
  /** The first key still waiting: kept keys are cut off the front only now and then. */
  let head = 0;
  let timer: NodeJS.Timeout | null = null;
  let turn: NodeJS.Immediate | null = null;

  function arm(delayMs: number) {
    if (delayMs > 0) timer = setTimeout(dropDue, delayMs).unref();
    else turn = setImmediate(dropDue).unref();
  }

  /** While due keys are looked at: those going back in line arm nothing, the end does. */
  let dropping = false;

  function dropDue() {
    timer = null;
    turn = null;
    dropping = true;
    const at = now();
    let looked = 0;
    while (head < keys.length && putAt[head] + ttlMs <= at && looked < EXPIRY_SLICE) {
      const key = keys[head];
      head += 1;
      looked += 1;
      const remaining = left(key);
      if (remaining === Number.POSITIVE_INFINITY) wait(key, at);
      else if (remaining > 0) wait(key, at + remaining - ttlMs);
      else drop(key);
    }
    dropping = false;
    if (head > EXPIRY_SLICE && head * 2 > keys.length) {
      keys = keys.slice(head);
      putAt = putAt.slice(head);
      head = 0;
    }
    if (head < keys.length) arm(looked === EXPIRY_SLICE ? 0 : putAt[head] + ttlMs - at);
  }

  function wait(key: string, at: number) {
    keys.push(key);
    putAt.push(at);
    if (!dropping && timer === null && turn === null) arm(at + ttlMs - now());
  }

  return {
    /** `key` was put in (or is being loaded) now. */
    put: (key: string) => wait(key, now()),
    /** Every entry is gone: nothing is waiting any more. */
    clear() {
      keys = [];
      putAt = [];
      head = 0;
      clearTimeout(timer ?? undefined);
      clearImmediate(turn ?? undefined);
      timer = null;
      turn = null;
    },
  };
}
