/** A task of a batch: its answer, or what it threw. */
export type Answered<Answer> = { value: Answer } | { error: unknown };

export function answerEach<Task, Answer>(
  tasks: Task[],
  run: (task: Task) => Answer,
): Answered<Answer>[];
