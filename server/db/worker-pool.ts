import { Piscina } from 'piscina';

/**
 * A pool of worker threads (piscina) that hold state of their own (a read connection, postings)
 * and answer tasks in the order they were asked.
 *
 * - `stricterFIFO`: by default piscina puts a task it could not hand to a busy thread back at the
 *   end of its queue, so with one thread the oldest waiting search went to the back each time
 *   another finished: at 50 connections of distinct searches a few waited 1.8 s while the median
 *   took 40 ms (p99 245 ms); in order, the slowest took 97 ms.
 * - `recordTiming: false`: nothing reads piscina's histograms, which cost every task two records.
 * - `execArgv: []`: without the parent's loader flags (tsx), the workers are plain JavaScript.
 * - `idleTimeout`: a thread's state is kept between tasks, so an idle thread is not ended.
 */
export function orderedWorkerPool(options: {
  filename: URL;
  workerData: unknown;
  minThreads: number;
  maxThreads: number;
  /** Tasks waiting beyond this are refused rather than queued without end. */
  maxQueue: number;
}): Piscina {
  return new Piscina({
    ...options,
    filename: options.filename.href,
    stricterFIFO: true,
    recordTiming: false,
    execArgv: [],
    idleTimeout: Number.POSITIVE_INFINITY,
  });
}
