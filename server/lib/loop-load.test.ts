import { describe, expect, it } from 'vitest';
import { createLoopLoad } from './loop-load.ts';

/** Holds the thread, as requests answered one after another do. */
const hold = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

describe('the event loop’s load', () => {
  it('reads a loop held by work as busy, and one waiting for I/O as not', async () => {
    const load = createLoopLoad(20);
    expect(load.utilization()).toBe(0);
    hold(60);
    expect(load.utilization()).toBeGreaterThan(0.8);
    // Within the window the last reading stands.
    expect(load.utilization()).toBeGreaterThan(0.8);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(load.utilization()).toBeLessThan(0.5);
  });
});
