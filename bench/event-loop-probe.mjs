import { monitorEventLoopDelay } from 'node:perf_hooks';

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

process.on('message', (message) => {
  if (message === 'reset') histogram.reset();
  if (message !== 'stats' && message !== 'reset') return;
  process.send?.({
    p50Ms: ms(histogram.percentile(50)),
    p99Ms: ms(histogram.percentile(99)),
    maxMs: ms(histogram.max),
    rssMiB: Number((process.memoryUsage().rss / 2 ** 20).toFixed(1)),
  });
});
// The channel must not keep the server alive once it is asked to stop.
process.channel?.unref();
