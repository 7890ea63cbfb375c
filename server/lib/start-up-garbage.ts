import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * Seconds after start-up when its garbage is collected: V8 shrinks its young generation in a
 * full collection only once it has seen allocation slow down, which takes a few quiet seconds.
 */
export const START_UP_SETTLE_MS = 10_000;

/**
 * Collects, once, what start-up left behind (compiled schemas' sources, migration checks,
 * module texts). V8 grows its young generation to its 32 MiB ceiling while the server starts and
 * gives it back only in a full collection; an idle server makes no garbage that would trigger
 * one, so without this it would sit at rest on some 30 MiB it does not use. A server that is
 * already busy keeps its young generation (V8 shrinks it only when allocation is slow).
 * `gc` is reached the way Jest's --logHeapUsage reaches it, without starting node with
 * --expose-gc. One collection of a heap this size takes some 15 ms.
 */
export function collectStartUpGarbageSoon(): void {
  setTimeout(() => {
    setFlagsFromString('--expose-gc');
    (runInNewContext('gc') as () => void)();
  }, START_UP_SETTLE_MS).unref();
}
