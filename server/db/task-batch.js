// Plain JavaScript: the search threads (read-worker.js, postings-worker.js) load it without the
// TypeScript loader.

/**
 * The tasks of one message (`turnBatchedTasks` in batched-tasks.ts), run in turn, each answered
 * on its own: one that fails does not fail the others.
 * @template Task, Answer
 * @param {Task[]} tasks
 * @param {(task: Task) => Answer} run
 * @returns {import('./task-batch.js').Answered<Answer>[]}
 */
export function answerEach(tasks, run) {
  return tasks.map((task) => {
    try {
      return { value: run(task) };
    } catch (error) {
      return { error };
    }
  });
}
