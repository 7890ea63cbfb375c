import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorText } from '../../contract/messages.ts';
import { createTestApp, testDatabases } from '../../tests/helpers/test-app.ts';
import type { TestApp } from '../../tests/helpers/test-app.ts';

describe.each(testDatabases)('JSON bodies and numbers on every route, %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const postJson = (url: string, payload: string) =>
    t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload });

  it('refuses deep nesting and non-finite numbers before any route sees them', async () => {
    const deep = '{"a":'.repeat(5000) + '1' + '}'.repeat(5000);
    for (const url of ['/api/auth/login', '/api/feedback', '/api/nothing-here']) {
      const nested = await postJson(url, deep);
      expect(nested.statusCode, url).toBe(400);
      expect(nested.json()).toEqual({ error: errorText.jsonTooDeep });
      const infinite = await postJson(url, '{"username":"a","password":"b","n":-1e999}');
      expect(infinite.statusCode, url).toBe(400);
      expect(infinite.json()).toEqual({ error: errorText.jsonNumberOutOfRange });
    }
    const fine = await postJson('/api/auth/login', '{"username":"nobody","password":"x1234567"}');
    expect(fine.statusCode).not.toBe(500);
  });

  it('answers 400, not 500, to a query number that is not finite', async () => {
    for (const url of ['/api/posts?page=1e400', '/api/posts?limit=Infinity']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toEqual({ error: errorText.jsonNumberOutOfRange });
    }
  });
});
