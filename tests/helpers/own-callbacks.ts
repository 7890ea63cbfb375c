import { setImmediate as nextTurn } from 'node:timers';

/**
 * Makes each call in a callback of its own, all in one turn of the event loop, as the requests a
 * turn reads from their sockets: what batches a turn's requests must see them all
 * (server/lib/turn-batches.ts), and what batches only until a microtask checkpoint sees one.
 */
export const inOwnCallbacks = <T>(calls: (() => Promise<T>)[]): Promise<T[]> =>
  Promise.all(
    calls.map(
      (call) => new Promise<T>((resolve, reject) => nextTurn(() => call().then(resolve, reject))),
    ),
  );
