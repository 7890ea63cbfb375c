import { setImmediate as nextTurn } from 'node:timers';
import { describe, expect, it } from 'vitest';
import { createTurnSlices, inSlice } from './turn-slices.ts';

/** Counts the event loop's turns: one tick per turn, while `running`. */
function turnCounter() {
  let turn = 0;
  let running = true;
  const tick = () => {
    turn += 1;
    if (running) nextTurn(tick);
  };
  nextTurn(tick);
  return { now: () => turn, stop: () => (running = false) };
}

describe('turn slices', () => {
  it('starts requests at once while the slice lasts, the rest in later turns, in order', async () => {
    let clock = 0;
    const slices = createTurnSlices({ sliceMs: 2, now: () => clock });
    const turns = turnCounter();
    const started: { name: string; turn: number }[] = [];
    const all = Promise.all(
      ['r1', 'r2', 'r3', 'r4', 'r5', 'r6'].map(
        (name) =>
          new Promise<void>((resolve) =>
            slices.enter(() => {
              started.push({ name, turn: turns.now() });
              clock += 1; // each request holds the thread 1 ms
              resolve();
            }),
          ),
      ),
    );
    expect(started.map((entry) => entry.name)).toEqual(['r1', 'r2']);
    expect(slices.waiting()).toBe(4);

    // One arriving while others wait goes behind them, however fresh its turn.
    await new Promise((resolve) => nextTurn(resolve));
    const late = new Promise<void>((resolve) =>
      slices.enter(() => {
        started.push({ name: 'late', turn: turns.now() });
        resolve();
      }),
    );
    await Promise.all([all, late]);
    turns.stop();

    expect(started.map((entry) => entry.name)).toEqual([
      'r1',
      'r2',
      'r3',
      'r4',
      'r5',
      'r6',
      'late',
    ]);
    const perTurn = new Map<number, number>();
    for (const { turn } of started) perTurn.set(turn, (perTurn.get(turn) ?? 0) + 1);
    // Two 1 ms requests fill a 2 ms slice: never more in one turn.
    expect(Math.max(...perTurn.values())).toBe(2);
    expect(perTurn.size).toBeGreaterThanOrEqual(4);
    expect(slices.waiting()).toBe(0);
  });

  it('starts every request at once when each is quick', async () => {
    let clock = 0;
    const slices = createTurnSlices({ sliceMs: 2, now: () => clock });
    let count = 0;
    for (let i = 0; i < 100; i += 1) {
      slices.enter(() => {
        count += 1;
        clock += 0.01;
      });
    }
    expect(count).toBe(100);
    expect(slices.waiting()).toBe(0);
  });

  it('resumes work answered by another thread in line behind the requests waiting', async () => {
    let clock = 0;
    const slices = createTurnSlices({ sliceMs: 2, now: () => clock });
    const order: string[] = [];
    const waiting = ['r1', 'r2', 'r3'].map(
      (name) =>
        new Promise<void>((resolve) =>
          slices.enter(() => {
            order.push(name);
            clock += 2;
            resolve();
          }),
        ),
    );
    const answered = inSlice(Promise.resolve('答案'), slices).then((value) => order.push(value));
    await Promise.all([...waiting, answered]);
    expect(order).toEqual(['r1', 'r2', 'r3', '答案']);
  });

  it('resumes a batch of answers a slice at a time, however they arrived', async () => {
    let clock = 0;
    const slices = createTurnSlices({ sliceMs: 2, now: () => clock });
    const turns = turnCounter();
    const resumed: number[] = [];
    // Six answers delivered together, as a worker's batch is; each resumes 1 ms of work.
    const batch = Promise.resolve();
    await Promise.all(
      Array.from({ length: 6 }, () =>
        inSlice(batch, slices).then(() => {
          resumed.push(turns.now());
          clock += 1;
        }),
      ),
    );
    turns.stop();
    const perTurn = new Map<number, number>();
    for (const turn of resumed) perTurn.set(turn, (perTurn.get(turn) ?? 0) + 1);
    expect(resumed).toHaveLength(6);
    expect(Math.max(...perTurn.values())).toBe(2);
  });
});
