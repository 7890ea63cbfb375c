import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorText } from '../../../contract/messages.ts';
import { createTestApp, registerUser, testDatabases } from '../../../tests/helpers/test-app.ts';
import type { TestApp } from '../../../tests/helpers/test-app.ts';

type Registered = Awaited<ReturnType<typeof registerUser>>;

describe.each(testDatabases)('direct messages on %s', (kind) => {
  let t: TestApp;
  let alice: Registered;
  let bob: Registered;
  let carol: Registered;

  beforeAll(async () => {
    t = await createTestApp(kind);
    alice = await registerUser(t.app, 'alice');
    bob = await registerUser(t.app, 'bob');
    carol = await registerUser(t.app, 'carol');
  });
  afterAll(() => t.close());

  const send = (from: Registered | null, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/messages',
      headers: from?.auth ?? {},
      payload: payload as object,
    });
  const get = (url: string, who: Registered) =>
    t.app.inject({ method: 'GET', url, headers: who.auth });
  const unread = async (who: Registered) =>
    (await get('/api/messages/unread-count', who)).json().count as number;

  it('sends a trimmed message and counts it unread for the recipient only', async () => {
    const response = await send(alice, { recipientId: bob.user.id, content: '  你好，Bob！ ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      senderId: alice.user.id,
      recipientId: bob.user.id,
      content: '你好，Bob！',
      readAt: null,
    });
    expect(await unread(bob)).toBe(1);
    expect(await unread(alice)).toBe(0);
  });

  it('refuses empty, blank, too long, self-addressed, unknown-recipient and anonymous messages', async () => {
    const cases: [unknown, number, string][] = [
      [{ recipientId: bob.user.id, content: '' }, 400, errorText.messageRequired],
      [{ recipientId: bob.user.id, content: '   \n ' }, 400, errorText.messageRequired],
      [{ recipientId: bob.user.id, content: 'x'.repeat(2001) }, 400, errorText.messageTooLong],
      [{ recipientId: bob.user.id, content: 42 }, 400, errorText.messageRequired],
      [{ recipientId: bob.user.id }, 400, errorText.messageRequired],
      [{ content: 'hi' }, 400, errorText.recipientRequired],
      [{ recipientId: alice.user.id, content: 'hi' }, 400, errorText.cannotMessageSelf],
      [{ recipientId: '999999', content: 'hi' }, 404, errorText.userNotFound],
    ];
    for (const [payload, status, error] of cases) {
      const response = await send(alice, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json()).toEqual({ error });
    }
    expect((await send(null, { recipientId: bob.user.id, content: 'hi' })).statusCode).toBe(401);
    const longest = await send(alice, { recipientId: carol.user.id, content: '字'.repeat(2000) });
    expect(longest.statusCode).toBe(200);
  });

  it('lists conversations newest first with the last message and per-conversation unread count', async () => {
    await send(carol, { recipientId: bob.user.id, content: '第一条' });
    await send(carol, { recipientId: bob.user.id, content: '第二条' });
    const response = await get('/api/messages/conversations', bob);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.total).toBe(2);
    expect(body.conversations[0]).toMatchObject({
      user: { id: carol.user.id, username: carol.user.username },
      lastMessage: { content: '第二条', senderId: carol.user.id },
      unreadCount: 2,
    });
    expect(body.conversations[1]).toMatchObject({
      user: { id: alice.user.id },
      lastMessage: { content: '你好，Bob！' },
      unreadCount: 1,
    });
    // The sender's inbox shows the conversation too, with nothing unread.
    const carols = (await get('/api/messages/conversations', carol)).json();
    expect(carols.conversations.map((c: { user: { id: string } }) => c.user.id)).toEqual([
      bob.user.id,
      alice.user.id,
    ]);
    expect(carols.conversations[0].unreadCount).toBe(0);
  });

  it('pages a thread with the newest page first and oldest first inside a page', async () => {
    for (const content of ['一', '二', '三', '四']) {
      await send(alice, { recipientId: carol.user.id, content });
    }
    await send(carol, { recipientId: alice.user.id, content: '五' });
    const first = (await get(`/api/messages/with/${carol.user.id}?limit=2`, alice)).json();
    expect(first).toMatchObject({ total: 6, page: 1, pages: 3, user: { id: carol.user.id } });
    expect(first.messages.map((m: { content: string }) => m.content)).toEqual(['四', '五']);
    const second = (await get(`/api/messages/with/${carol.user.id}?limit=2&page=2`, alice)).json();
    expect(second.messages.map((m: { content: string }) => m.content)).toEqual(['二', '三']);

    const stranger = await get(`/api/messages/with/${bob.user.id}`, alice);
    expect(stranger.json().messages.map((m: { content: string }) => m.content)).toEqual([
      '你好，Bob！',
    ]);
    expect((await get('/api/messages/with/999999', alice)).statusCode).toBe(404);
  });

  it('marks a conversation read for the reader only', async () => {
    expect(await unread(bob)).toBe(3);
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/messages/with/${carol.user.id}/read`,
      headers: bob.auth,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, updated: 2 });
    expect(await unread(bob)).toBe(1);
    const inbox = (await get('/api/messages/conversations', bob)).json();
    expect(inbox.conversations[0].unreadCount).toBe(0);
    expect(inbox.conversations[1].unreadCount).toBe(1);
    const thread = (await get(`/api/messages/with/${bob.user.id}`, carol)).json();
    expect(thread.messages.at(-1).readAt).not.toBeNull();
    // Reading your own sent messages changes nothing for the other side.
    await t.app.inject({
      method: 'PUT',
      url: `/api/messages/with/${bob.user.id}/read`,
      headers: carol.auth,
    });
    expect(await unread(bob)).toBe(1);
  });

  it('needs a signed-in user on every call', async () => {
    for (const [method, url] of [
      ['GET', '/api/messages/conversations'],
      ['GET', `/api/messages/with/${bob.user.id}`],
      ['PUT', `/api/messages/with/${bob.user.id}/read`],
      ['GET', '/api/messages/unread-count'],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
    }
  });
});
