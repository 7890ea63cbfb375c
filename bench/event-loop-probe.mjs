import { closeSync, openSync, readSync } from 'node:fs';
import { monitorEventLoopDelay, performance, PerformanceObserver } from 'node:perf_hooks';

/**
 * Loaded into the built server by `npm run bench` (node --import; plain JavaScript, as the
 * server runs without a TypeScript loader): measures, inside the server
 * process, how long the thread that accepts connections was kept from running, and answers
 * the bench's questions over the IPC channel ('reset', 'stats').
 */
const histogram = monitorEventLoopDelay({ resolution: 1 });
histogram.enable();

/** @param {number} nanoseconds */
const ms = (nanoseconds) => Number((nanoseconds / 1e6).toFixed(2));

/**
 * The garbage collections of the thread that answers requests, between 'reset' and 'stats': how
 * much of the longest hold was the collector's, and its longest pause. V8 reports each one as a
 * performance entry (its duration is wall-clock time, waits for a core included); the
 * collections of the server's worker threads are not among them.
 */
function createCollectionLog() {
  /** Start and duration (ms) of each collection, in pairs. */
  let pauses = [];
  const note = (entries) => {
    for (const entry of entries) pauses.push(entry.startTime, entry.duration);
  };
  const observer = new PerformanceObserver((list) => note(list.getEntries()));
  return {
    start() {
      pauses = [];
      observer.observe({ entryTypes: ['gc'] });
    },
    stop() {
      note(observer.takeRecords());
      observer.disconnect();
    },
    /** The collectors' time (ms) in collections that began between `from` and `to`. */
    within(from, to) {
      let sum = 0;
      for (let at = 0; at < pauses.length; at += 2) {
        if (pauses[at] >= from && pauses[at] < to) sum += pauses[at + 1];
      }
      return Number(sum.toFixed(2));
    },
    longest() {
      let most = 0;
      for (let at = 1; at < pauses.length; at += 2) most = Math.max(most, pauses[at]);
      return { collectionMaxMs: Number(most.toFixed(2)), collections: pauses.length / 2 };
    },
  };
}
const collections = createCollectionLog();

/**
 * A delay of the loop is the thread's own work (requests, garbage collection) or the thread
 * waiting for a core that another runs on: on the bench's machine the load generator and the
 * server's other threads share its cores. Linux counts both per thread (schedstat: time on a
 * core, time runnable on a queue, in ns), read here between two ticks of a 1 ms timer; the
 * largest run time between ticks bounds how long the thread's own work held the loop (by at
 * most the 1 ms it may have run on time), and the wait in the same gap is the machine's share.
 * The timer runs only from 'reset' to 'stats', and reads without allocating: a server that
 * makes garbage every millisecond never looks idle to V8, which then keeps its young
 * generation grown, and the RSS at rest would be measured some 30 MiB high.
 */
function createHoldMeter() {
  let fd;
  try {
    fd = openSync('/proc/thread-self/schedstat', 'r');
  } catch {
    return null; // not Linux
  }
  const buffer = Buffer.alloc(128);
  const times = { run: 0, wait: 0 };
  /** The first two numbers of the file, into `times`. */
  const read = () => {
    const length = readSync(fd, buffer, 0, buffer.length, 0);
    let field = 0;
    let value = 0;
    for (let at = 0; at < length && field < 2; at += 1) {
      const byte = buffer[at];
      if (byte >= 48 && byte <= 57) value = value * 10 + byte - 48;
      else {
        if (field === 0) times.run = value;
        else times.wait = value;
        field += 1;
        value = 0;
      }
    }
  };
  let lastRun = 0;
  let lastWait = 0;
  let lastTick = 0;
  let heldMax = 0;
  let waitedAtHeldMax = 0;
  let waitedMax = 0;
  /** When the gap of `heldMax` began and ended (performance.now()), to find its collections. */
  const heldGap = { from: 0, to: 0 };
  const tick = () => {
    read();
    const now = performance.now();
    const ran = times.run - lastRun;
    const waited = times.wait - lastWait;
    if (ran > heldMax) {
      heldMax = ran;
      waitedAtHeldMax = waited;
      heldGap.from = lastTick;
      heldGap.to = now;
    }
    if (waited > waitedMax) waitedMax = waited;
    lastRun = times.run;
    lastWait = times.wait;
    lastTick = now;
  };
  let timer = null;
  process.once('exit', () => closeSync(fd));
  return {
    start() {
      clearInterval(timer ?? undefined);
      read();
      lastRun = times.run;
      lastWait = times.wait;
      lastTick = performance.now();
      heldMax = waitedAtHeldMax = waitedMax = 0;
      timer = setInterval(tick, 1);
      timer.unref();
    },
    stop() {
      clearInterval(timer ?? undefined);
      timer = null;
    },
    stats: () => ({
      heldMaxMs: ms(heldMax),
      waitedAtHeldMaxMs: ms(waitedAtHeldMax),
      waitedMaxMs: ms(waitedMax),
      collectedInHeldMaxMs: collections.within(heldGap.from, heldGap.to),
    }),
  };
}
const holds = createHoldMeter();

process.on('message', (message) => {
  if (message === 'reset') {
    histogram.reset();
    holds?.start();
    collections.start();
  }
  if (message === 'stats') {
    holds?.stop();
    collections.stop();
  }
  if (message !== 'stats' && message !== 'reset') return;
  process.send?.({
    p50Ms: ms(histogram.percentile(50)),
    p99Ms: ms(histogram.percentile(99)),
    maxMs: ms(histogram.max),
    ...(holds?.stats() ?? {
      heldMaxMs: null,
      waitedAtHeldMaxMs: null,
      waitedMaxMs: null,
      collectedInHeldMaxMs: null,
    }),
    ...collections.longest(),
    rssMiB: Number((process.memoryUsage().rss / 2 ** 20).toFixed(1)),
  });
});
// The channel must not keep the server alive once it is asked to stop.
process.channel?.unref();
