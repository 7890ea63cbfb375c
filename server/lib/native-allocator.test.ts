import { describe, expect, it } from 'vitest';
import { runScript } from '../../tests/helpers/script-process.ts';

/**
 * The resident memory (MiB) of mimalloc's arenas, the only mappings of 1 GiB or more the process
 * holds: each reserves that much and commits what it hands out.
 */
const ARENA_RSS = `
import { readFileSync } from 'node:fs';
const arenaRss = () => {
  let kib = 0;
  let arena = false;
  for (const line of readFileSync('/proc/self/smaps', 'utf8').split('\\n')) {
    const range = /^([0-9a-f]+)-([0-9a-f]+) /.exec(line);
    if (range) arena = parseInt(range[2], 16) - parseInt(range[1], 16) >= 2 ** 30;
    const rss = /^Rss:\\s+(\\d+)/.exec(line);
    if (rss && arena) kib += Number(rss[1]);
  }
  return kib / 1024;
};
`;

/** A segmenter thread that rests 100 ms: its arenas while it holds jieba, and once it ended. */
const THREAD_ENDS = `${ARENA_RSS}
import { setTimeout } from 'node:timers/promises';
import { createSegmenterThread } from './server/modules/search/segmenter-thread.ts';
const thread = createSegmenterThread(100);
await thread.queryWords('周末在咖啡馆整理机器学习的入门笔记');
const alive = arenaRss();
while (thread.alive > 0) await setTimeout(20);
// What a later free would have triggered, had the thread lived on.
await setTimeout(100);
const ended = arenaRss();
await thread.close();
console.log(JSON.stringify({ alive, ended }));
`;

const APP_IMPORTED = `
import { readFileSync } from 'node:fs';
await import('./server/app.ts');
console.log(JSON.stringify({ loaded: readFileSync('/proc/self/maps', 'utf8').includes('jieba') }));
`;

describe.runIf(process.platform === 'linux')('native memory of the search threads', () => {
  it('is given back once a thread that held jieba has ended', async () => {
    const { alive, ended } = await runScript<{ alive: number; ended: number }>(THREAD_ENDS);
    // The dictionary was there to give back (some 20-30 MiB of the arenas)...
    expect(alive).toBeGreaterThan(10);
    // ...and none of it stayed: with mimalloc's own delay, all of it did.
    expect(ended).toBeLessThan(2);
  }, 30_000);

  it('is not loaded by the thread that answers requests before the allocator is set', async () => {
    const { loaded } = await runScript<{ loaded: boolean }>(APP_IMPORTED);
    expect(loaded).toBe(false);
  }, 30_000);
});
