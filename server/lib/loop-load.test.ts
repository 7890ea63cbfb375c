import { afterEach, describe, expect, it } from 'vitest';
import { createLoopLoad } from './loop-load.ts';
import type { LoopLoad } from './loop-load.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the event loop’s load', () => {
  let load: LoopLoad;
  afterEach(() => load.stop());

  it('reads a loop held by work as busy, and one waiting for I/O as not', async () => {
    load = createLoopLoad(20);
    expect(load.utilization()).toBe(0);
    // Held for two whole windows: the sample taken after reads it.
    const until = performance.now() + 60;
    while (performance.now() < until);
    await pause(5);
    expect(load.utilization()).toBeGreaterThan(0.8);
    await pause(100);
    expect(load.utilization()).toBeLessThan(0.5);
  });
});
