import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser } from '../../tests/helpers/test-app.ts';
import type { TestApp } from '../../tests/helpers/test-app.ts';

describe('response compression', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    ({ auth } = await registerUser(t.app, 'zip'));
    // A bio long enough that /me passes the 1 KB threshold.
    await t.app.inject({
      method: 'PUT',
      url: '/api/auth/me',
      headers: auth,
      payload: { bio: '长'.repeat(200) },
    });
  });
  afterAll(() => t.close());

  it('sends brotli or gzip to clients that accept it, and plain JSON otherwise', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: auth });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { ...auth, 'accept-encoding': 'br, gzip' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gzip = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { ...auth, 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });
});
