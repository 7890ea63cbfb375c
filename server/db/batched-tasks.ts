import { turnBatches } from '../lib/turn-batches.ts';
import { inSlice } from '../lib/turn-slices.ts';
import type { Answered } from './task-batch.js';

/** Tasks of one turn at most, in one batch: the search gate lets in 32 searches at once. */
const MAX_TASKS_A_TURN = 64;

/**
 * Tasks of one kind asked in one turn of the event loop, sent to a pool's threads in one message
 * per thread rather than one each (the thread runs them with `answerEach`, task-batch.js). Each
 * message costs the thread that answers requests a structured clone, a system call to wake the
 * other thread and a reply to take in, whatever it holds. Under 50 connections of distinct
 * searches on SQLite a turn started 6.5 on average, and sent together they cost that thread some
 * 10 % less time a search (decision 065). The turn's tasks are split in order over `threads()`
 * messages, so that a pool with several threads still runs them side by side.
 *
 * Each task's answer resumes its caller in a slice of a turn of its own (server/lib/
 * turn-slices.ts). A batch's answers arrive together; resumed together, every search of the
 * batch ran on to its end in one microtask checkpoint, past any slice (decision 077).
 */
export function turnBatchedTasks<Task, Answer>(
  send: (tasks: Task[]) => Promise<Answered<Answer>[]>,
  threads: () => number,
): (task: Task) => Promise<Answer> {
  const load = turnBatches<Task, Answer>(
    async (tasks) => {
      const messages = evenParts(tasks, threads()).map((sent) => {
        // An Error in a task's place rejects that task alone (DataLoader's contract); a message
        // the pool refused, its own tasks.
        return send(sent).then(
          (answers) =>
            answers.map((answer) => ('error' in answer ? asError(answer.error) : answer.value)),
          (refused: unknown) => sent.map(() => asError(refused)),
        );
      });
      return (await Promise.all(messages)).flat();
    },
    { maxBatchSize: MAX_TASKS_A_TURN },
  );
  return (task) => inSlice(load(task));
}

/** `tasks` in order, in `count` parts (fewer when there are fewer tasks) that differ by one at most. */
function evenParts<Task>(tasks: readonly Task[], count: number): Task[][] {
  const parts = Math.max(1, Math.min(tasks.length, count));
  const size = Math.floor(tasks.length / parts);
  const longer = tasks.length % parts;
  let from = 0;
  return Array.from({ length: parts }, (_, part) => {
    const to = from + size + (part < longer ? 1 : 0);
    const slice = tasks.slice(from, to);
    from = to;
    return slice;
  });
}

const asError = (thrown: unknown) =>
  thrown instanceof Error ? thrown : new Error(`a search thread failed: ${String(thrown)}`);
