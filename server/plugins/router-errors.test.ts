import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorText } from '../../contract/messages.ts';
import { createTestApp } from '../../tests/helpers/test-app.ts';
import type { TestApp } from '../../tests/helpers/test-app.ts';

/** Paths the router itself refuses still answer in the site's words, never Fastify's English. */
describe('paths the router refuses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers an over-long path parameter with 414 and a Chinese message', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/posts/${'x'.repeat(600)}` });
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({ error: errorText.badRequest });
  });

  it('answers a malformed percent-encoding with 400 and a Chinese message', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/posts/%E0%A4%A' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: errorText.badRequest });
  });
});
