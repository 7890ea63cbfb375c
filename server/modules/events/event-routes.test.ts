import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorText } from '../../../contract/messages.ts';
import { createTestApp, registerUser, testDatabases } from '../../../tests/helpers/test-app.ts';
import type { TestApp } from '../../../tests/helpers/test-app.ts';
import { issueTicket, openStream } from '../../../tests/helpers/stream-client.ts';
import type { TestStream } from '../../../tests/helpers/stream-client.ts';

type Registered = Awaited<ReturnType<typeof registerUser>>;

async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

describe.each(testDatabases)('real-time stream on %s', (kind) => {
  let t: TestApp;
  let origin: string;
  let reader: Registered;
  let sender: Registered;
  const streams: TestStream[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind);
    origin = await listen(t);
    reader = await registerUser(t.app, 'reader');
    sender = await registerUser(t.app, 'sender');
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await t.close();
  });

  async function connect(who: Registered, options: Parameters<typeof openStream>[2] = {}) {
    const stream = await openStream(origin, await issueTicket(origin, who.token), options);
    streams.push(stream);
    return stream;
  }
  const sendMessage = (content: string) =>
    fetch(`${origin}/api/messages`, {
      method: 'POST',
      headers: { ...sender.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ recipientId: reader.user.id, content }),
    });

  it('gives tickets to signed-in users only', async () => {
    const response = await fetch(`${origin}/api/events/ticket`, { method: 'POST' });
    expect(response.status).toBe(401);
    const ticket = await t.app.inject({
      method: 'POST',
      url: '/api/events/ticket',
      headers: reader.auth,
    });
    expect(ticket.statusCode).toBe(200);
    expect(ticket.json()).toMatchObject({ expiresIn: 60 });
    expect(ticket.json().ticket).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  it('refuses a missing, unknown or already used ticket', async () => {
    expect((await fetch(`${origin}/api/events`)).status).toBe(400);
    const unknown = await fetch(`${origin}/api/events?ticket=nope`);
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toEqual({ error: errorText.eventTicketInvalid });

    const ticket = await issueTicket(origin, reader.token);
    const first = await openStream(origin, ticket);
    expect(first.status).toBe(200);
    first.close();
    const again = await fetch(`${origin}/api/events?ticket=${ticket}`);
    expect(again.status).toBe(401);
  });

  it('refuses a ticket whose session has logged out since', async () => {
    const other = await registerUser(t.app, 'leaver');
    const ticket = await issueTicket(origin, other.token);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: other.auth });
    expect((await fetch(`${origin}/api/events?ticket=${ticket}`)).status).toBe(401);
  });

  it('sends the counts on connect, then messages, notifications and counts as they happen', async () => {
    const stream = await connect(reader);
    expect(stream.status).toBe(200);
    expect(await stream.next()).toEqual({
      id: null,
      event: 'unread',
      data: { notifications: 0, messages: 0 },
    });

    expect((await sendMessage('实时你好')).status).toBe(200);
    const message = await stream.next();
    expect(message.event).toBe('message');
    expect(message.id).toMatch(/^[0-9]+$/);
    expect(message.data).toMatchObject({
      message: { content: '实时你好', senderId: sender.user.id },
      from: { id: sender.user.id, username: sender.user.username },
    });
    const notification = await stream.next();
    expect(notification).toMatchObject({
      event: 'notification',
      data: { type: 'message', excerpt: '实时你好', actor: { id: sender.user.id } },
    });
    expect(Number(notification.id)).toBeGreaterThan(Number(message.id));
    expect(await stream.next()).toMatchObject({
      event: 'unread',
      data: { notifications: 1, messages: 1 },
    });

    await t.app.inject({
      method: 'PUT',
      url: `/api/messages/with/${sender.user.id}/read`,
      headers: reader.auth,
    });
    expect((await stream.next('unread')).data).toEqual({ notifications: 0, messages: 0 });
  });

  it('delivers to every open stream of the user and to no one else', async () => {
    const [first, second, bystander] = await Promise.all([
      connect(reader),
      connect(reader),
      connect(sender),
    ]);
    for (const stream of [first, second, bystander]) await stream.next('unread');
    await sendMessage('两个标签页');
    for (const stream of [first, second]) {
      expect((await stream.next('notification')).data).toMatchObject({ excerpt: '两个标签页' });
    }
    // The sender's own tabs see the message they sent, but no notification.
    expect((await bystander.next('message')).data).toMatchObject({
      message: { content: '两个标签页' },
    });
    await expect(bystander.next('notification', 300)).rejects.toThrow(/timed out/);
  });

  it('replays what a reconnecting client missed after its Last-Event-ID', async () => {
    const stream = await connect(reader);
    await stream.next('unread');
    await sendMessage('断线前');
    const seen = await stream.next('message');
    stream.close();
    await sendMessage('断线时一');
    await sendMessage('断线时二');

    for (const resume of [{ lastEventId: seen.id! }, { headerLastEventId: seen.id! }]) {
      const back = await connect(reader, resume);
      const replayed = [];
      for (let index = 0; index < 5; index += 1) replayed.push(await back.next());
      expect(replayed.map((event) => event.event)).toEqual([
        'notification',
        'message',
        'notification',
        'message',
        'notification',
      ]);
      expect(
        replayed.filter((event) => event.event === 'message').map((event) => event.data),
      ).toMatchObject([{ message: { content: '断线时一' } }, { message: { content: '断线时二' } }]);
      // Then the current counts, so badges are right whatever was missed.
      expect(await back.next()).toMatchObject({ event: 'unread', data: { messages: 4 } });
      back.close();
    }
  });
});

describe('real-time stream shutdown', () => {
  it('ends open streams when the server closes', async () => {
    const t = await createTestApp('sqlite');
    const origin = await listen(t);
    const user = await registerUser(t.app, 'closer');
    const stream = await openStream(origin, await issueTicket(origin, user.token));
    await stream.next('unread');
    expect(t.app.realtime.hub.connectedCount()).toBe(1);
    await t.close();
    await stream.ended;
    expect(t.app.realtime.hub.connectedCount()).toBe(0);
  });
});
