import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

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
 * Collects, once, what start-up left behind (compiled schemas' sources, migration checks,
 * module texts). V8 grows its young generation to its 32 MiB ceiling while the server starts and
 * gives it back only in a full collection that finds allocation slow (under 1 KB a millisecond,
 * but not none, over at least its last five seconds). Start-up often ends with some 12 MB
 * allocated and not yet collected: a lone full collection 10 s later then read some 1.2 MB a
 * second and kept the young generation, and one start in five sat at rest on 30 MiB more
 * (155 MiB instead of 125). So a young-generation collection first takes that allocation out of
 * the full collection's window; the new context that reaches `gc` allocates the little that
 * makes the rate not zero. An idle server makes no garbage that would trigger either. A server
 * that is already busy keeps its young generation (its allocation is fast).
 * `gc` is reached the way Jest's --logHeapUsage reaches it, without starting node with
 * --expose-gc. One full collection of a heap this size takes some 15 ms.
 */
export function collectStartUpGarbageSoon(): void {
  const collect = (options?: { type: 'minor' }) => {
    setFlagsFromString('--expose-gc');
    (runInNewContext('gc') as Collect)(options);
  };
  setTimeout(() => collect({ type: 'minor' }), YOUNG_EMPTIED_AT_MS).unref();
  setTimeout(() => collect(), START_UP_SETTLE_MS).unref();
}
