import { Piscina } from 'piscina';
import { purgeNativeFreesAtOnce } from '../lib/native-allocator.ts';

/**
 * Tasks handed to each thread at once. With one at a time a thread that finished waited for the
 * thread answering requests to hand it the next, and that thread was busy writing answers: under
 * distinct searches the read thread stood idle 45 % of the time and searches ran at 1,389–1,573
 * per second; with 4 queued in the thread 1,907–2,051, with 16 (and 32 searches let in at once)
 * 2,154–2,402 against 1,947–2,076 in the same hour (decision 033).
 */
const TASKS_PER_THREAD = 16;

type Balancer = NonNullable<NonNullable<ConstructorParameters<typeof Piscina>[0]>['loadBalancer']>;

/**
 * Gives a task to an idle thread; else starts another while the pool may grow; else to the least
 * busy thread below TASKS_PER_THREAD. Piscina's own balancer skips the middle step, so a pool
 * whose threads start on demand (and end after a rest) started its second thread only once the
 * first held TASKS_PER_THREAD tasks, and a few searches at once queued on one core.
 */
function spreadingBalancer(maxThreads: number): Balancer {
  return (_task, workers) => {
    let leastBusy: (typeof workers)[number] | null = null;
    for (const worker of workers) {
      if (worker.currentUsage === 0) return worker;
      if (
        worker.currentUsage < TASKS_PER_THREAD &&
        (!leastBusy || worker.currentUsage < leastBusy.currentUsage)
      ) {
        leastBusy = worker;
      }
    }
    // Null has piscina start a thread, or keep the task in line for the next that frees up.
    return workers.length < maxThreads ? null : leastBusy;
  };
}

/** A pool of `orderedWorkerPool`: piscina's `run`, its threads alive, and a `close` that waits. */
export interface OrderedPool {
  run(task: object, options?: Parameters<Piscina['run']>[1]): Promise<unknown>;
  /** Threads alive now: below `minThreads` only before the first task and after a rest. */
  readonly threads: number;
  /** Ends the threads once every task asked has been answered, those still in line too. */
  close(): Promise<void>;
}

/**
 * A pool of worker threads (piscina) that hold state of their own (a read connection, postings)
 * and answer tasks in the order they were asked.
 *
 * - `concurrentTasksPerWorker`: a thread is sent up to `TASKS_PER_THREAD` tasks and runs them
 *   back to back (each is synchronous), in the order they were sent.
 * - `loadBalancer`: a busy thread is sent more only once every thread the pool may have has
 *   started (`spreadingBalancer`).
 * - `stricterFIFO`: by default piscina puts a task it could not hand to a busy thread back at the
 *   end of its queue, so with one thread the oldest waiting search went to the back each time
 *   another finished: at 50 connections of distinct searches a few waited 1.8 s while the median
 *   took 40 ms (p99 245 ms); in order, the slowest took 97 ms.
 * - `recordTiming: false`: nothing reads piscina's histograms, which cost every task two records.
 * - `execArgv: []`: without the parent's loader flags (tsx), the workers are plain JavaScript.
 * - `idleTimeout`: by default a thread's state is kept between tasks, so an idle thread is not
 *   ended; a pool whose thread is cheap to start again and costly to keep may end it after a rest.
 * - `close`: piscina's waits for the tasks its threads hold, not for those still in its line
 *   while a thread starts for them (the first after a start or a rest), which it cut off with
 *   "Terminating worker thread"; this one waits for every task asked.
 * - the native memory a thread frees is given back at once (`purgeNativeFreesAtOnce`), so a
 *   thread that ended leaves none behind.
 */
export function orderedWorkerPool(options: {
  filename: URL;
  workerData: unknown;
  minThreads: number;
  maxThreads: number;
  /** Tasks waiting beyond this are refused rather than queued without end. */
  maxQueue: number;
  /** Milliseconds a thread beyond `minThreads` may stand idle before it is ended. */
  idleTimeout?: number;
}): OrderedPool {
  purgeNativeFreesAtOnce();
  const piscina = new Piscina({
    ...options,
    filename: options.filename.href,
    stricterFIFO: true,
    concurrentTasksPerWorker: TASKS_PER_THREAD,
    loadBalancer: spreadingBalancer(options.maxThreads),
    recordTiming: false,
    execArgv: [],
    idleTimeout: options.idleTimeout ?? Number.POSITIVE_INFINITY,
  });
  let underWay = 0;
  let drained: (() => void) | null = null;
  const answered = () => {
    underWay -= 1;
    if (underWay === 0) drained?.();
  };
  return {
    run(task, runOptions) {
      underWay += 1;
      const answer = piscina.run(task, runOptions) as Promise<unknown>;
      answer.then(answered, answered);
      return answer;
    },
    get threads() {
      return piscina.threads.length;
    },
    async close() {
      if (underWay > 0) await new Promise<void>((resolve) => (drained = resolve));
      await piscina.close();
    },
  };
}
