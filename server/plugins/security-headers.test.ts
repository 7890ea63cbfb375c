import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, testDatabases } from '../../tests/helpers/test-app.ts';
import type { TestApp } from '../../tests/helpers/test-app.ts';
import { inlineScriptHashes } from '../lib/script-hashes.ts';
import { makeImage, uploadImage } from '../../tests/helpers/notes-test-kit.ts';

const SHELL =
  '<!doctype html><html><head><title>氛围笔记</title>' +
  '<script type="module">import("/assets/index.js");</script></head>' +
  '<body><div id="root"><!--first-screen--></div></body></html>';

describe('inline script hashes', () => {
  const sha256 = (code: string) =>
    `'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`;

  it('hashes code blocks only, byte for byte', () => {
    const html =
      '<script>a()</script><script src="/x.js"></script>' +
      '<script type="application/json">{"a":1}</script><script type="module">b()</script>';
    expect(inlineScriptHashes(html)).toEqual([sha256('a()'), sha256('b()')]);
    expect(inlineScriptHashes('<script>a() </script>')).toEqual([sha256('a() ')]);
  });
});

describe.each(testDatabases)('security headers on %s', (kind) => {
  let webRoot: string;
  let t: TestApp;

  beforeAll(async () => {
    webRoot = mkdtempSync(path.join(tmpdir(), 'vibe-headers-'));
    writeFileSync(path.join(webRoot, 'index.html'), SHELL);
    t = await createTestApp(kind, { webRoot });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  const policyOf = (headers: Record<string, unknown>) =>
    Object.fromEntries(
      String(headers['content-security-policy'])
        .split(';')
        .map((directive) => directive.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values]),
    ) as Record<string, string[]>;

  it.each(['/', '/post/23', '/search?search=AI', '/login'])(
    'serves %s under a policy that allows exactly its own inline scripts',
    async (url) => {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      const policy = policyOf(response.headers);
      expect(policy['frame-ancestors']).toEqual(["'none'"]);
      expect(policy['object-src']).toEqual(["'none'"]);
      expect(policy['script-src']).not.toContain("'unsafe-inline'");
      const onPage = inlineScriptHashes(response.body);
      expect(onPage.length).toBeGreaterThan(0);
      for (const hash of onPage) expect(policy['script-src']).toContain(hash);
    },
  );

  it('sends nosniff and no framing with API answers and uploaded images', async () => {
    const user = await registerUser(t.app, 'headers');
    const image = await uploadImage(t.app, user.auth, await makeImage('png'));
    for (const url of ['/api/categories', image.url, `${image.url}?w=320`, '/api/nothing']) {
      const response = await t.app.inject({ url, headers: { accept: 'image/webp' } });
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['x-frame-options'], url).toBe('DENY');
    }
  });

  it('lets only this site frame the sign-in providers’ return page', async () => {
    const response = await t.app.inject({ url: '/auth/wechat/callback?code=x&state=y' });
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(policyOf(response.headers)['frame-ancestors']).toEqual(["'self'"]);
    const elsewhere = await t.app.inject({ url: '/auth/wechat/callbackx' });
    expect(policyOf(elsewhere.headers)['frame-ancestors']).toEqual(["'none'"]);
  });
});
