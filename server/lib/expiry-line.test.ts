import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createExpiryLine, EXPIRY_SLICE } from './expiry-line.ts';

/** A cache's entries as the line sees them: when each was put in, on a clock the test moves. */
function entriesOnClock(ttlMs: number) {
  const clock = { now: 10_000 };
  const putAt = new Map<string, number>();
  /** Keys whose time the cache cannot tell: lru-cache answers an infinite time to live. */
  const untimed = new Set<string>();
  const line = createExpiryLine({
    ttlMs,
    now: () => clock.now,
    left: (key) => {
      if (untimed.has(key)) return Number.POSITIVE_INFINITY;
      const at = putAt.get(key);
      return at === undefined ? 0 : at + ttlMs - clock.now;
    },
    drop: (key) => putAt.delete(key),
  });
  const put = (key: string) => {
    putAt.set(key, clock.now);
    line.put(key);
  };
  return { clock, putAt, untimed, line, put };
}

describe('expiry line', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('drops a burst of expired entries a slice per turn, not all in one', () => {
    const { clock, putAt, put } = entriesOnClock(1000);
    const burst = EXPIRY_SLICE * 2 + 5;
    for (let at = 0; at < burst; at += 1) put(`k${at}`);
    clock.now += 1000;
    vi.advanceTimersToNextTimer();
    expect(putAt.size).toBe(burst - EXPIRY_SLICE);
    vi.advanceTimersToNextTimer();
    expect(putAt.size).toBe(5);
    vi.advanceTimersToNextTimer();
    expect(putAt.size).toBe(0);
    // Nothing waits any more: no timer is kept.
    expect(vi.getTimerCount()).toBe(0);
  });

  it('drops each entry when it expires, and waits again for a key put in again since', () => {
    const { clock, putAt, put } = entriesOnClock(1000);
    put('early');
    clock.now += 600;
    put('late');
    clock.now += 401;
    vi.advanceTimersByTime(1000);
    expect([...putAt.keys()]).toEqual(['late']);
    // Put in again before its first entry's time was up: the new entry lives its whole time.
    put('late');
    clock.now += 600;
    vi.advanceTimersByTime(600);
    expect([...putAt.keys()]).toEqual(['late']);
    clock.now += 401;
    vi.advanceTimersByTime(1000);
    expect(putAt.size).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('looks again later at an entry of unknown time, without holding up those put in after it', () => {
    const { clock, putAt, put, line, untimed } = entriesOnClock(1000);
    untimed.add('slow');
    line.put('slow');
    put('quick');
    clock.now += 1000;
    vi.advanceTimersByTime(1000);
    expect(putAt.has('quick')).toBe(false);
    // It waits a whole time again, on one timer.
    expect(vi.getTimerCount()).toBe(1);
    // Put in again with a time, after it went back in line: dropped once that time is up.
    untimed.delete('slow');
    put('slow');
    clock.now += 1000;
    vi.advanceTimersByTime(1000);
    expect(putAt.size).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('keeps no timer once cleared', () => {
    const { putAt, put, line } = entriesOnClock(1000);
    put('a');
    line.clear();
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(5000);
    expect(putAt.size).toBe(1);
  });
});
