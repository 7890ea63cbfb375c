import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchWith429Retries, ImageRateLimiter } from './image-rate-limiter';
import type { RateSettings } from './image-rate-limiter';

const normal: RateSettings = { imageRequestsPerMinute: 30, imageSpacingMs: 3_000 };
const slow: RateSettings = { imageRequestsPerMinute: 15, imageSpacingMs: 5_000 };

/** A task that records when it started and finishes only when told to. */
function controllable() {
  const started: number[] = [];
  const finishers: Array<() => void> = [];
  const task = () =>
    new Promise<string>((resolve) => {
      started.push(Date.now());
      finishers.push(() => resolve('done'));
    });
  const finishAll = () => finishers.splice(0).forEach((finish) => finish());
  return { started, task, finishAll };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(1_000_000);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('ImageRateLimiter', () => {
  it('runs at most 4 at once, 100 ms apart', async () => {
    const limiter = new ImageRateLimiter(() => normal);
    const { started, task, finishAll } = controllable();
    for (let index = 0; index < 6; index++) void limiter.schedule(`/img/${index}`, task);

    await vi.advanceTimersByTimeAsync(1_000);
    expect(started.map((time) => time - 1_000_000)).toEqual([0, 100, 200, 300]);
    expect(limiter.waiting).toBe(2);

    finishAll();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(started).toHaveLength(6);
    expect(started[4] - started[3]).toBeGreaterThanOrEqual(100);
  });

  it('starts at most 30 in a minute, then asks again every 3 s', async () => {
    const limiter = new ImageRateLimiter(() => normal);
    const starts: number[] = [];
    const quick = async () => {
      starts.push(Date.now());
    };
    for (let index = 0; index < 31; index++) void limiter.schedule(`/img/${index}`, quick);

    await vi.advanceTimersByTimeAsync(59_000);
    expect(starts).toHaveLength(30);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(starts).toHaveLength(31);
    // The 31st starts once the first has left the minute, on a 3 s re-check step.
    expect(starts[30] - starts[0]).toBeGreaterThanOrEqual(60_000);
    expect((starts[30] - starts[29]) % 3_000).toBe(0);
  });

  it('starts at most 15 a minute with 5 s spacing on a slow connection', async () => {
    const limiter = new ImageRateLimiter(() => slow);
    const starts: number[] = [];
    for (let index = 0; index < 20; index++) {
      void limiter.schedule(`/img/${index}`, async () => {
        starts.push(Date.now());
      });
    }
    await vi.advanceTimersByTimeAsync(59_999);
    expect(starts).toHaveLength(15);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(starts.length).toBeGreaterThan(15);
    // Refused requests re-check in 5 s steps from the moment the budget ran out.
    expect((starts[15] - starts[14]) % 5_000).toBe(0);
  });

  it('never holds images on screen for the minute budget, nor counts them in it', async () => {
    const limiter = new ImageRateLimiter(() => slow);
    const starts = new Map<string, number>();
    const run = (key: string) =>
      void limiter.schedule(key, async () => {
        starts.set(key, Date.now());
      });
    for (let index = 0; index < 15; index++) run(`/ahead/${index}`);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(starts.size).toBe(15);
    // The budget is spent: an image ahead of the reader waits, one on screen goes at once,
    // also when the page reports it only after it was asked for.
    run('/ahead/15');
    run('/screen/a');
    run('/screen/b');
    limiter.prioritise(['/screen/a', '/screen/b', '/screen/c']);
    run('/screen/c');
    await vi.advanceTimersByTimeAsync(1_000);
    expect([...starts.keys()].filter((key) => key.startsWith('/screen/'))).toEqual([
      '/screen/a',
      '/screen/b',
      '/screen/c',
    ]);
    expect(starts.has('/ahead/15')).toBe(false);
    // ...and they did not use the budget: the next one ahead starts when the first 15 expire.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(starts.get('/ahead/15')! - 1_000_000).toBeLessThanOrEqual(65_000);
  });

  it('never holds images the reader asked for, nor counts them, and lets them go first', async () => {
    const limiter = new ImageRateLimiter(() => slow);
    const starts: string[] = [];
    const run = (key: string, wanted = false) =>
      void limiter.schedule(
        key,
        async () => {
          starts.push(key);
        },
        { wanted },
      );
    for (let index = 0; index < 16; index++) run(`/ahead/${index}`);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(starts).toHaveLength(15);
    // 保存离线阅读 after the budget is spent: its images start at once, before the one ahead.
    for (let index = 0; index < 3; index++) run(`/saved/${index}`, true);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(starts.slice(15)).toEqual(['/saved/0', '/saved/1', '/saved/2']);
    // They used none of the budget: the one ahead starts when the first 15 leave the minute.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(starts.at(-1)).toBe('/ahead/15');
  });

  it('gives back the budget of images the page reports on screen after they started', async () => {
    const limiter = new ImageRateLimiter(() => slow);
    const starts: string[] = [];
    const run = (key: string) =>
      void limiter.schedule(key, async () => {
        starts.push(key);
      });
    // The first screen's images are asked by the HTML before the page can report them.
    for (let index = 0; index < 15; index++) run(`/image/${index}`);
    run('/image/15');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(starts).toHaveLength(15);
    limiter.prioritise(['/image/0', '/image/1']);
    await vi.advanceTimersByTimeAsync(200);
    expect(starts).toContain('/image/15');
  });

  it('lets images on screen jump the queue', async () => {
    const limiter = new ImageRateLimiter(() => normal);
    const order: string[] = [];
    const { task, finishAll } = controllable();
    for (let index = 0; index < 4; index++) void limiter.schedule(`/busy/${index}`, task);
    for (const key of ['/a', '/b', '/c']) {
      void limiter.schedule(key, async () => {
        order.push(key);
      });
    }
    limiter.prioritise(['/c']);
    await vi.advanceTimersByTimeAsync(500);
    finishAll();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(order).toEqual(['/c', '/a', '/b']);
  });

  it('passes a failure of the task to its caller and keeps going', async () => {
    const limiter = new ImageRateLimiter(() => normal);
    const failing = limiter.schedule('/x', () => Promise.reject(new Error('offline')));
    const next = limiter.schedule('/y', async () => 'ok');
    await expect(failing).rejects.toThrow('offline');
    await vi.advanceTimersByTimeAsync(200);
    await expect(next).resolves.toBe('ok');
  });
});

describe('fetchWith429Retries', () => {
  it('retries a 429 three times in 3 s steps, then gives up with the 429', async () => {
    const limiter = new ImageRateLimiter(() => normal);
    const sentAt: number[] = [];
    const send = async () => {
      sentAt.push(Date.now());
      return new Response(null, { status: 429 });
    };
    const result = fetchWith429Retries(limiter, '/img', send);
    await vi.advanceTimersByTimeAsync(20_000);
    const response = await result;
    expect(response.status).toBe(429);
    expect(sentAt.map((time) => time - sentAt[0])).toEqual([0, 3_000, 9_000, 18_000]);
  });

  it('stops retrying once the server answers', async () => {
    const limiter = new ImageRateLimiter(() => normal);
    const statuses = [429, 200];
    const send = vi.fn(async () => new Response('img', { status: statuses.shift() }));
    const result = fetchWith429Retries(limiter, '/img', send);
    await vi.advanceTimersByTimeAsync(5_000);
    expect((await result).status).toBe(200);
    expect(send).toHaveBeenCalledTimes(2);
  });
});
