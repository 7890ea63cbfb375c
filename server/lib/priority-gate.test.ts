import { describe, expect, it } from 'vitest';
import { createPriorityGate } from './priority-gate.ts';
import type { PriorityGateOptions } from './priority-gate.ts';

class GateFull extends Error {}
class ClientGone extends Error {}

function gateAt(clock: { now: number }, options: Partial<PriorityGateOptions> = {}) {
  return createPriorityGate({
    busySlots: 1,
    busyGapMs: 0,
    busyRestFactor: 0,
    busyRestMaxMs: 0,
    idleSlots: 3,
    quietMs: 20,
    maxWaiting: 10,
    full: () => new GateFull(),
    gone: () => new ClientGone(),
    now: () => clock.now,
    ...options,
  });
}

/** Work that runs until released, and says whether it started. */
function heldWork() {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  const work = {
    started: false,
    release: () => release(),
    run: () => {
      work.started = true;
      return done;
    },
  };
  return work;
}

/** Two turns of the event loop: the gate lets the next one in at the end of the second. */
async function turns() {
  for (let turn = 0; turn < 2; turn += 1) await new Promise((resolve) => setImmediate(resolve));
}

describe('priority gate', () => {
  it('runs up to idleSlots at once, the next as soon as one ends, while no other request is answered', async () => {
    const gate = gateAt({ now: 1000 });
    const works = Array.from({ length: 4 }, heldWork);
    const runs = works.map((work) => gate.run(work.run));
    await turns();
    expect(works.map((work) => work.started)).toEqual([true, true, true, false]);
    works[0].release();
    await runs[0];
    // At once: no turn of the event loop is waited for while nothing else is answered.
    expect(works[3].started).toBe(true);
    works.slice(1).forEach((work) => work.release());
    await Promise.all(runs);
  });

  it('runs one at a time while other requests are answered, and again more once they stop', async () => {
    const clock = { now: 1000 };
    const gate = gateAt(clock);
    gate.otherStarted();
    gate.otherEnded();
    expect(gate.contended()).toBe(true);
    const works = Array.from({ length: 3 }, heldWork);
    const runs = works.map((work) => gate.run(work.run));
    await turns();
    expect(works.map((work) => work.started)).toEqual([true, false, false]);
    expect(gate.stats()).toEqual({ running: 1, waiting: 2, givenUp: 0 });

    clock.now = 1021;
    expect(gate.contended()).toBe(false);
    works[0].release();
    await runs[0];
    await turns();
    expect(works.map((work) => work.started)).toEqual([true, true, true]);
    works.forEach((work) => work.release());
    await Promise.all(runs);
  });

  it('lets a whole turn of the event loop run before the next costly request', async () => {
    const gate = gateAt({ now: 1000 });
    gate.otherStarted();
    gate.otherEnded();
    const order: string[] = [];
    const first = heldWork();
    const runs = [
      gate.run(first.run),
      gate.run(async () => {
        order.push('next search');
      }),
    ];
    await turns();
    // Arrives during the turn after the first search ends: still ahead of the next search.
    first.release();
    setImmediate(() => setImmediate(() => order.push('other request')));
    await Promise.all(runs);
    expect(order).toEqual(['other request', 'next search']);
  });

  it('refuses past maxWaiting in line, and frees the slot of work that failed', async () => {
    const gate = gateAt({ now: 1000 }, { maxWaiting: 1 });
    gate.otherStarted();
    gate.otherEnded();
    const failing = heldWork();
    const running = gate.run(async () => {
      await failing.run();
      throw new Error('read failed');
    });
    const waiting = gate.run(async () => 'answered');
    await expect(gate.run(async () => 'never')).rejects.toBeInstanceOf(GateFull);
    failing.release();
    await expect(running).rejects.toThrow('read failed');
    expect(await waiting).toBe('answered');
  });

  it('gives up a costly request whose client hung up while it waited, and lets the next in', async () => {
    const gate = gateAt({ now: 1000 }, { idleSlots: 1 });
    const first = heldWork();
    const running = gate.run(first.run);
    let hungUp = false;
    const abandonedWork = heldWork();
    const abandoned = gate.run(abandonedWork.run, () => hungUp);
    const next = gate.run(
      async () => 'answered',
      () => false,
    );
    hungUp = true;
    first.release();
    await running;
    await expect(abandoned).rejects.toBeInstanceOf(ClientGone);
    expect(abandonedWork.started).toBe(false);
    expect(await next).toBe('answered');
    expect(gate.stats()).toEqual({ running: 0, waiting: 0, givenUp: 1 });
  });

  it('starts costly requests at least busyGapMs apart while other requests are answered', async () => {
    const clock = { now: 1000 };
    const gate = gateAt(clock, { busyGapMs: 5 });
    gate.otherStarted();
    gate.otherEnded();
    const [first, second, third] = Array.from({ length: 3 }, heldWork);
    const firstRun = gate.run(first.run);
    first.release();
    await firstRun;
    // Its slot is free and a turn has passed, but the gap after the first has not.
    const secondRun = gate.run(second.run);
    await turns();
    expect(second.started).toBe(false);
    clock.now = 1005;
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(second.started).toBe(true);
    second.release();
    await secondRun;

    // With nothing else answered, no gap: the next starts at once.
    clock.now = 1030;
    const thirdRun = gate.run(third.run);
    expect(third.started).toBe(true);
    third.release();
    await thirdRun;
  });

  it('rests busyRestFactor times as long as the last costly request took, at most busyRestMaxMs', async () => {
    const clock = { now: 1000 };
    const gate = gateAt(clock, { busyGapMs: 5, busyRestFactor: 3, busyRestMaxMs: 40 });
    gate.otherStarted();
    type Held = { work: ReturnType<typeof heldWork>; run: Promise<void> };
    /** Ends `last` at `endedAt`, and checks that the next costly request waits until `startsAt`. */
    const next = async (last: Held, endedAt: number, startsAt: number): Promise<Held> => {
      clock.now = endedAt;
      last.work.release();
      await last.run;
      const work = heldWork();
      const run = gate.run(work.run);
      clock.now = startsAt - 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      expect(work.started).toBe(false);
      clock.now = startsAt;
      await expect.poll(() => work.started).toBe(true);
      return { work, run };
    };
    const first = heldWork();
    // The first takes 10 ms: the next waits 30 ms after its end, well past the 5 ms gap.
    const second = await next({ work: first, run: gate.run(first.run) }, 1010, 1040);
    // The second takes 1 ms and rests 3: the gap after its start holds the next back.
    const third = await next(second, 1041, 1045);
    // The third takes 100 ms: 300 ms of rest would be too long, 40 ms is the most.
    const fourth = await next(third, 1145, 1185);
    fourth.work.release();
    await fourth.run;
    gate.otherEnded();
  });

  it('counts another request as busy for as long as it runs, and quietMs after', () => {
    const clock = { now: 1000 };
    const gate = gateAt(clock);
    gate.otherStarted();
    clock.now = 5000;
    expect(gate.contended()).toBe(true);
    gate.otherEnded();
    clock.now = 5019;
    expect(gate.contended()).toBe(true);
    clock.now = 5021;
    expect(gate.contended()).toBe(false);
  });

  it('lets costly requests run as they come while the thread has time to spare', async () => {
    const gate = gateAt({ now: 1000 }, { busyGapMs: 5, saturated: () => false });
    gate.otherStarted();
    expect(gate.contended()).toBe(false);
    const works = Array.from({ length: 3 }, heldWork);
    const runs = works.map((work) => gate.run(work.run));
    expect(works.map((work) => work.started)).toEqual([true, true, true]);
    works.forEach((work) => work.release());
    await Promise.all(runs);
    gate.otherEnded();
  });
});
