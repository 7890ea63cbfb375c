import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../../tests/helpers/test-app.ts';
import type { TestApp } from '../../../tests/helpers/test-app.ts';

/**
 * Searches give way to other requests (createSearchGate): every answer but a search's tells the
 * gate that the site is busy. The gate's own rules are tested in server/lib/priority-gate.test.ts.
 */
describe('the search gate hears of every answer but searches', () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await createTestApp('sqlite');
  });
  afterAll(() => test.close());

  it('counts the categories and the feed, and not searches', async () => {
    const noteOther = vi.spyOn(test.app.services.searchGate, 'noteOther');
    try {
      for (const url of [
        '/api/posts?search=编程',
        '/api/posts?search=设计&page=2',
        '/api/categories',
      ]) {
        expect((await test.app.inject({ url })).statusCode).toBe(200);
      }
      await expect.poll(() => noteOther.mock.calls.length).toBe(1);
      expect((await test.app.inject({ url: '/api/posts' })).statusCode).toBe(200);
      await expect.poll(() => noteOther.mock.calls.length).toBe(2);
    } finally {
      noteOther.mockRestore();
    }
  });
});
