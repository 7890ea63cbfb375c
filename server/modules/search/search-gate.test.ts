import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../../tests/helpers/test-app.ts';
import type { TestApp } from '../../../tests/helpers/test-app.ts';

/**
 * Searches give way to other requests (createSearchGate): every request but a search, and but
 * an event stream that stays open, tells the gate it started and when it ended. The gate's own
 * rules are tested in server/lib/priority-gate.test.ts.
 */
describe('the search gate hears of every request but searches and streams', () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await createTestApp('sqlite');
  });
  afterAll(() => test.close());

  it('counts the categories and the feed while they run, and not searches or the stream', async () => {
    const gate = test.app.services.searchGate;
    const started = vi.spyOn(gate, 'otherStarted');
    const ended = vi.spyOn(gate, 'otherEnded');
    try {
      for (const [url, status] of [
        ['/api/posts?search=编程', 200],
        ['/api/posts?search=设计&page=2', 200],
        // A ticket that was never issued: refused, and still not counted (a stream's route).
        ['/api/events?ticket=none', 401],
        ['/api/categories', 200],
      ] as const) {
        expect((await test.app.inject({ url })).statusCode).toBe(status);
      }
      await expect.poll(() => ended.mock.calls.length).toBe(1);
      expect((await test.app.inject({ url: '/api/posts' })).statusCode).toBe(200);
      await expect.poll(() => ended.mock.calls.length).toBe(2);
      expect(started).toHaveBeenCalledTimes(2);
      // Every request counted has ended: once quiet, nothing holds the site busy.
      await expect.poll(() => gate.contended()).toBe(false);
    } finally {
      started.mockRestore();
      ended.mockRestore();
    }
  });
});
