import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createLoopLoad } from './loop-load.ts';

/**
 * Seconds after start-up when its garbage is collected: V8 shrinks its young generation in a
 * full collection only once it has seen allocation slow down, which takes a few quiet seconds.
 */
export const START_UP_SETTLE_MS = 10_000;

/** Node's `gc`: a full collection, or with `type: 'minor'` the young generation only. */
type Collect = (options?: { type: 'minor' }) => void;

/**
 * When the young generation is emptied before that: V8 judges allocation over its last five
 * seconds or more, so the full collection then sees only what a quiet server allocated since.
 */
const YOUNG_EMPTIED_AT_MS = 2_000;

/**
 * The share of a wait the event loop may have been busy for it to count as quiet. Measured on
 * the bench's data: a server under load is at 0.84-0.98 (the feed or searches at 50
 * connections); an idle one at 0.03-0.10, on a slow machine with the bench's probe waking the
 * loop every millisecond (a first threshold of 0.05 put off the collection of idle servers,
 * which then sat at rest on 159 MiB).
 */
export const QUIET_UTILIZATION = 0.25;

/**
 * The end of a wait that must be quiet on its own. A server started and put under load some
 * seconds later (a load test run after the start, readers arriving) was quiet for most of the
 * 8 s wait, so the full collection ran under load: 21-27 ms, the longest hold of the thread in
 * the first seconds of distinct searches.
 */
const QUIET_TAIL_MS = 1_000;

export interface StartUpCollectionTimes {
  youngEmptiedAtMs: number;
  settleMs: number;
}

/**
 * Collects, once, what start-up left behind (compiled schemas' sources, migration checks,
 * module texts). V8 grows its young generation to its 32 MiB ceiling while the server starts and
 * gives it back only in a full collection that finds allocation slow (under 1 KB a millisecond,
 * but not none, over at least its last five seconds). Start-up often ends with some 12 MB
 * allocated and not yet collected: a lone full collection 10 s later then read some 1.2 MB a
 * second and kept the young generation, and one start in five sat at rest on 30 MiB more
 * (155 MiB instead of 125). So a young-generation collection first takes that allocation out of
 * the full collection's window; the new context that reaches `gc` allocates the little that
 * makes the rate not zero.
 * Both wait for a quiet loop (decision 045): a server already under load would keep its young
 * generation anyway (its allocation is fast), and the full collection would hold every request
 * for 15-50 ms. While the loop is busy, the sequence starts again from the young collection.
 * `gc` is reached the way Jest's --logHeapUsage reaches it, without starting node with
 * --expose-gc. Resolves with how many times it was put off, once the full collection has run.
 */
export function collectStartUpGarbageSoon(
  times: StartUpCollectionTimes = {
    youngEmptiedAtMs: YOUNG_EMPTIED_AT_MS,
    settleMs: START_UP_SETTLE_MS,
  },
): Promise<{ putOff: number }> {
  const collect = (options?: { type: 'minor' }) => {
    setFlagsFromString('--expose-gc');
    (runInNewContext('gc') as Collect)(options);
  };
  return new Promise((resolve) => {
    let putOff = 0;
    // Each reading gives the loop's utilisation since the one before it.
    const load = createLoopLoad(0);
    /**
     * Runs `then` after `ms` if the loop was quiet for all that wait and for its last part
     * (`QUIET_TAIL_MS`) alone, else starts over: load that began late in a long wait is too
     * little of it to make the whole look busy.
     */
    const afterQuiet = (ms: number, then: () => void) => {
      load.utilization();
      const tail = Math.min(QUIET_TAIL_MS, ms / 2);
      setTimeout(() => {
        const before = load.utilization();
        setTimeout(() => {
          if (before < QUIET_UTILIZATION && load.utilization() < QUIET_UTILIZATION) return then();
          putOff += 1;
          emptyYoung();
        }, tail).unref();
      }, ms - tail).unref();
    };
    const emptyYoung = () =>
      afterQuiet(times.youngEmptiedAtMs, () => {
        collect({ type: 'minor' });
        afterQuiet(times.settleMs - times.youngEmptiedAtMs, () => {
          collect();
          resolve({ putOff });
        });
      });
    emptyYoung();
  });
}
