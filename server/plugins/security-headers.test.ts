import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, testDatabases } from '../../tests/helpers/test-app.ts';
import type { TestApp } from '../../tests/helpers/test-app.ts';
import { makeImage, uploadImage } from '../../tests/helpers/notes-test-kit.ts';
import { issueTicket, openStream } from '../../tests/helpers/stream-client.ts';

const SHELL =
  '<!doctype html><html><head><title>氛围笔记</title></head>' +
  '<body><div id="root"><!--app--><header></header><!--/app--></div>' +
  '<script type="module" crossorigin src="/assets/index.js"></script></body></html>';

/** `<script>` elements that would run code written into the page itself. */
const inlineCode = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>/gi)].filter(
    ([, attributes]) => !/\bsrc=|type="application\/json"/.test(attributes),
  );

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
    'serves %s with no inline script, under a policy that runs this origin’s files only',
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
      expect(policy['script-src']).toEqual(["'self'"]);
      expect(inlineCode(response.body)).toEqual([]);
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

  it('sends them with the event stream, whose reply Fastify does not write', async () => {
    const user = await registerUser(t.app, 'headersse');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const stream = await openStream(origin, await issueTicket(origin, user.token));
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers.get('content-type')).toContain('text/event-stream');
      expect(stream.headers.get('x-content-type-options')).toBe('nosniff');
      expect(stream.headers.get('x-frame-options')).toBe('DENY');
      expect(policyOf(Object.fromEntries(stream.headers))['frame-ancestors']).toEqual(["'none'"]);
      expect(stream.headers.get('x-request-id')).toMatch(/^[\w-]{8,}$/);
    } finally {
      stream.close();
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
