import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { turnBatchedTasks } from './batched-tasks.ts';
import { answerEach } from './task-batch.js';
import type { Answered } from './task-batch.js';

/** A pool's threads as `turnBatchedTasks` sees them: each message kept, answered by `run`. */
function fakeThreads(run: (task: number) => string) {
  const messages: number[][] = [];
  const send = async (tasks: number[]): Promise<Answered<string>[]> => {
    messages.push(tasks);
    return answerEach(tasks, run);
  };
  return { messages, send };
}

describe('tasks batched by turn', () => {
  it('sends the tasks of one turn in one message, in order, and each gets its own answer', async () => {
    const threads = fakeThreads((task) => `answer ${task}`);
    const ask = turnBatchedTasks(threads.send, () => 1);

    const first = await Promise.all([1, 2, 3].map(ask));
    await nextTurn();
    const later = await ask(4);

    expect(first).toEqual(['answer 1', 'answer 2', 'answer 3']);
    expect(later).toBe('answer 4');
    expect(threads.messages).toEqual([[1, 2, 3], [4]]);
  });

  it("resumes each task's caller in an immediate of its own", async () => {
    const threads = fakeThreads((task) => `answer ${task}`);
    const ask = turnBatchedTasks(threads.send, () => 1);
    const resumed: number[] = [];
    /** What had resumed when the first caller's own microtasks had run. */
    let seenByFirst: number[] = [];

    await Promise.all(
      [1, 2, 3].map(async (task) => {
        await ask(task);
        resumed.push(task);
        if (task !== 1) return;
        await Promise.resolve();
        await Promise.resolve();
        seenByFirst = [...resumed];
      }),
    );

    expect(threads.messages).toEqual([[1, 2, 3]]);
    expect(resumed).toEqual([1, 2, 3]);
    expect(seenByFirst).toEqual([1]);
  });

  it("splits a turn's tasks in order over the pool's threads", async () => {
    const threads = fakeThreads((task) => `answer ${task}`);
    const ask = turnBatchedTasks(threads.send, () => 3);

    const answers = await Promise.all([1, 2, 3, 4, 5, 6, 7].map(ask));

    expect(answers).toEqual([1, 2, 3, 4, 5, 6, 7].map((task) => `answer ${task}`));
    expect(threads.messages).toEqual([
      [1, 2, 3],
      [4, 5],
      [6, 7],
    ]);
    // Never more messages than tasks.
    threads.messages.length = 0;
    await Promise.all([8, 9].map(ask));
    expect(threads.messages).toEqual([[8], [9]]);
  });

  it('rejects a task that failed on its thread, and answers the others of its message', async () => {
    const threads = fakeThreads((task) => {
      if (task === 2) throw new RangeError('no such note');
      return `answer ${task}`;
    });
    const ask = turnBatchedTasks(threads.send, () => 1);

    const settled = await Promise.allSettled([1, 2, 3].map(ask));

    expect(threads.messages).toEqual([[1, 2, 3]]);
    expect(settled[0]).toEqual({ status: 'fulfilled', value: 'answer 1' });
    expect(settled[1]).toMatchObject({
      status: 'rejected',
      reason: new RangeError('no such note'),
    });
    expect(settled[2]).toEqual({ status: 'fulfilled', value: 'answer 3' });
  });

  it('rejects the tasks of a message the pool refused, and those alone', async () => {
    const sent: number[][] = [];
    const ask = turnBatchedTasks<number, string>(
      async (tasks) => {
        sent.push(tasks);
        if (tasks.includes(1)) throw new Error('the queue is full');
        return answerEach(tasks, (task) => `answer ${task}`);
      },
      () => 2,
    );

    const settled = await Promise.allSettled([1, 2, 3, 4].map(ask));

    expect(sent).toEqual([
      [1, 2],
      [3, 4],
    ]);
    expect(settled.map((result) => result.status)).toEqual([
      'rejected',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
  });

  it('rejects with an Error what a thread threw that was not one', async () => {
    const ask = turnBatchedTasks<number, string>(
      async () => [{ error: 'gone' }],
      () => 1,
    );
    await expect(ask(1)).rejects.toThrow('a search thread failed: gone');
  });
});
