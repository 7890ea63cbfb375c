import { afterEach, describe, expect, it, vi } from 'vitest';
import { createExpirySweep } from './expiry-sweep.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('expiry sweep', () => {
  it('takes out a key the cache no longer holds, rather than looking at it again', () => {
    vi.useFakeTimers();
    const looked: string[] = [];
    const dropped: string[] = [];
    const sweep = createExpirySweep({
      ttlMs: 1000,
      // lru-cache's answer for a key it does not hold.
      remainingMs: (key) => {
        looked.push(key);
        return 0;
      },
      drop: (key) => dropped.push(key),
    });
    sweep.noteSet('gone');
    vi.advanceTimersByTime(1001);
    vi.advanceTimersByTime(50);
    expect(looked).toEqual(['gone']);
    expect(dropped).toEqual(['gone']);
    expect(vi.getTimerCount()).toBe(0);
  });
});
