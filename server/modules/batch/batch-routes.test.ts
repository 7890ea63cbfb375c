import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorText } from '../../../contract/messages.ts';
import { createTestApp, registerUser, testDatabases } from '../../../tests/helpers/test-app.ts';
import type { TestApp } from '../../../tests/helpers/test-app.ts';
import { allowedTarget } from './run-batch.ts';

type Registered = Awaited<ReturnType<typeof registerUser>>;

describe('batch target check', () => {
  it('allows only this API and never the batch endpoint itself', () => {
    expect(allowedTarget('/api/notifications?page=2')?.search).toBe('?page=2');
    for (const url of [
      '/api/batch',
      '/api/batch?x=1',
      '/api/./batch',
      '/api/x/../batch',
      '//evil.example/api/x',
      'http://evil.example/api/x',
      '/static/app.js',
      'api/notifications',
    ]) {
      expect(allowedTarget(url), url).toBeNull();
    }
  });
});

describe.each(testDatabases)('batch on %s', (kind) => {
  let t: TestApp;
  let alice: Registered;
  let bob: Registered;

  beforeAll(async () => {
    t = await createTestApp(kind);
    alice = await registerUser(t.app, 'alice');
    bob = await registerUser(t.app, 'bob');
  });
  afterAll(() => t.close());

  const batch = (requests: unknown, headers: Record<string, string> = alice.auth) =>
    t.app.inject({ method: 'POST', url: '/api/batch', headers, payload: { requests } as object });

  it('runs each request as the caller and answers in order', async () => {
    const response = await batch([
      {
        id: 'send',
        url: '/api/messages',
        method: 'POST',
        data: { recipientId: bob.user.id, content: '批量' },
      },
      { id: 'count', url: '/api/messages/unread-count', method: 'GET' },
      { id: 7, url: `/api/auth/users/${bob.user.id}/follow`, method: 'POST' },
      { id: 'status', url: `/api/auth/users/${bob.user.id}/follow-status` },
      { id: 'page', url: '/api/notifications', data: { limit: 1 } },
    ]);
    expect(response.statusCode).toBe(200);
    const { results } = response.json();
    expect(results.map((r: { id: unknown }) => r.id)).toEqual([
      'send',
      'count',
      7,
      'status',
      'page',
    ]);
    expect(results[0]).toMatchObject({
      status: 200,
      data: { content: '批量', senderId: alice.user.id },
    });
    expect(results[0]).not.toHaveProperty('error');
    expect(results[1]).toMatchObject({ status: 200, data: { count: 0 } });
    expect(results[2]).toMatchObject({ status: 200, data: { isFollowing: true } });
    expect(results[3]).toMatchObject({ status: 200, data: { isFollowing: true } });
    expect(results[4]).toMatchObject({ status: 200, data: { page: 1 } });

    const bobs = await batch([{ id: 1, url: '/api/messages/unread-count' }], bob.auth);
    expect(bobs.json().results[0].data).toEqual({ count: 1 });
  });

  it('reports a failed sub-request with its status and error text without failing the rest', async () => {
    const { results } = (
      await batch([
        { id: 'self', url: `/api/auth/users/${alice.user.id}/follow`, method: 'POST' },
        { id: 'missing', url: '/api/nothing-here' },
        { id: 'ok', url: '/api/notifications/unread-count' },
      ])
    ).json();
    expect(results[0]).toMatchObject({ status: 400, error: errorText.cannotFollowSelf });
    expect(results[1]).toMatchObject({ status: 404, error: errorText.apiNotFound });
    expect(results[2]).toMatchObject({ status: 200 });
  });

  it('never lets a sub-request change who is calling or where it comes from', async () => {
    const { results } = (
      await batch(
        [
          {
            id: 'spoof',
            url: '/api/messages/unread-count',
            headers: { Authorization: bob.auth.authorization, 'X-Forwarded-For': '1.2.3.4' },
          },
        ],
        {},
      )
    ).json();
    expect(results[0]).toMatchObject({ status: 401, error: errorText.loginRequired });

    const asAlice = (
      await batch([
        {
          id: 1,
          url: '/api/messages/unread-count',
          headers: { authorization: bob.auth.authorization },
        },
      ])
    ).json();
    expect(asAlice.results[0].data).toEqual({ count: 0 });
  });

  it('refuses nested batches, outside URLs, more than 10 requests and malformed bodies', async () => {
    const nested = (
      await batch([{ id: 1, url: '/api/batch', method: 'POST', data: { requests: [] } }])
    ).json();
    expect(nested.results[0]).toMatchObject({ status: 400, error: errorText.batchInvalidUrl });
    const outside = (await batch([{ id: 1, url: 'https://example.com/api/x' }])).json();
    expect(outside.results[0]).toMatchObject({ status: 400, error: errorText.batchInvalidUrl });

    const eleven = Array.from({ length: 11 }, (_, id) => ({
      id,
      url: '/api/notifications/unread-count',
    }));
    const tooMany = await batch(eleven);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ error: errorText.batchTooMany });
    expect((await batch(eleven.slice(0, 10))).statusCode).toBe(200);

    expect((await batch('nope')).statusCode).toBe(400);
    expect((await batch([{ id: 1 }])).statusCode).toBe(400);
    expect((await batch([{ id: 1, url: '/api/x', method: 'TRACE' }])).statusCode).toBe(400);
    const noBody = await t.app.inject({
      method: 'POST',
      url: '/api/batch',
      headers: alice.auth,
      payload: {},
    });
    expect(noBody.statusCode).toBe(400);
    expect((await batch([])).json()).toEqual({ results: [] });
  });

  it('answers 400 with a Chinese message for non-finite ids and deeply nested data', async () => {
    const post = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/batch',
        headers: { ...alice.auth, 'content-type': 'application/json' },
        payload,
      });
    const infinite = await post('{"requests":[{"id":1e309,"url":"/api/categories"}]}');
    expect(infinite.statusCode).toBe(400);
    expect(infinite.json()).toEqual({ error: errorText.jsonNumberOutOfRange });

    const deep = '['.repeat(5000) + ']'.repeat(5000);
    const nested = await post(
      `{"requests":[{"id":1,"url":"/api/messages","method":"POST","data":${deep}}]}`,
    );
    expect(nested.statusCode).toBe(400);
    expect(nested.json()).toEqual({ error: errorText.jsonTooDeep });
    // Needs no login: the limit holds before anyone is known.
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/batch',
      headers: { 'content-type': 'application/json' },
      payload: `{"requests":[{"id":1,"url":"/api/x","method":"POST","data":{"a":${deep}}}]}`,
    });
    expect(anonymous.statusCode).toBe(400);
  });
});
