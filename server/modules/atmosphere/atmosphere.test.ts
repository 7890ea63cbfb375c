import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATMOSPHERE_RULES } from '../../../contract/atmosphere.ts';
import type { DomainEventBus, DomainEvents } from '../../plugins/domain-events.ts';
import { createTestApp, registerUser, testDatabases } from '../../../tests/helpers/test-app.ts';
import type { TestApp } from '../../../tests/helpers/test-app.ts';
import { beijingDay, createAtmosphereService } from './atmosphere-service.ts';

type User = Awaited<ReturnType<typeof registerUser>>;

const limitOf = (kind: string) => ATMOSPHERE_RULES.find((rule) => rule.kind === kind)!.dailyLimit;

describe.each(testDatabases)('the atmosphere value on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const emit = <K extends keyof DomainEvents>(name: K, event: DomainEvents[K]) =>
    t.app.domainEvents.emit(name, event);
  const valueOf = async (who: User) =>
    (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: who.auth })).json()
      .atmosphereValue as number;
  const idOf = (who: User) => Number(who.user.id);

  it('publishes its rules as data', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/atmosphere/rules' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.rules.map((rule: { kind: string }) => rule.kind)).toEqual([
      'note.published',
      'like.received',
      'favorite.received',
      'comment.received',
      'daily.login',
    ]);
    expect(body.rules[1]).toMatchObject({ title: '笔记被点赞', points: 2, dailyLimit: 50 });
    expect(body.notes.length).toBeGreaterThan(0);
  });

  it('gives points for a published note once, whether approved at once or on review', async () => {
    const author = await registerUser(t.app, 'pub');
    const base = await valueOf(author);
    const reviewed = { postId: 501, authorId: idOf(author), adminId: 1, reason: null };
    await emit('post.reviewed', { ...reviewed, status: 'rejected' });
    expect(await valueOf(author)).toBe(base);
    await emit('post.reviewed', { ...reviewed, status: 'approved' });
    await emit('post.reviewed', { ...reviewed, status: 'approved' });
    await emit('post.created', { postId: 501, authorId: idOf(author), status: 'approved' });
    expect(await valueOf(author)).toBe(base + 10);
    await emit('post.created', { postId: 502, authorId: idOf(author), status: 'approved' });
    await emit('post.created', { postId: 503, authorId: idOf(author), status: 'pending' });
    expect(await valueOf(author)).toBe(base + 20);
  });

  it('counts a like once ever: an unlike and relike loop and self-likes earn nothing', async () => {
    const author = await registerUser(t.app, 'liked');
    const fan = await registerUser(t.app, 'fan');
    const [base, fanBase] = [await valueOf(author), await valueOf(fan)];
    const like = { postId: 601, authorId: idOf(author), userId: idOf(fan) };
    for (let round = 0; round < 5; round += 1) {
      await emit('post.liked', like);
      await emit('post.unliked', like);
    }
    await emit('post.liked', { ...like, userId: idOf(author) });
    await emit('post.favorited', { ...like, userId: idOf(author) });
    expect(await valueOf(author)).toBe(base + 2);
    await emit('post.favorited', like);
    await emit('post.unfavorited', like);
    await emit('post.favorited', like);
    await emit('post.liked', { ...like, postId: 602 });
    expect(await valueOf(author)).toBe(base + 2 + 3 + 2);
    expect(await valueOf(fan)).toBe(fanBase);
  });

  it('counts comments per commenter and note, never the author’s own', async () => {
    const author = await registerUser(t.app, 'talk');
    const base = await valueOf(author);
    const comment = {
      postId: 701,
      postAuthorId: idOf(author),
      userId: idOf(author) + 1000,
      replyToUserId: null,
    };
    await emit('comment.created', { ...comment, commentId: 1 });
    await emit('comment.created', { ...comment, commentId: 2 });
    await emit('comment.created', { ...comment, commentId: 3, userId: idOf(author) });
    expect(await valueOf(author)).toBe(base + 1);
  });

  it('stops at the daily ceiling of each kind, and the ceiling resets the next day', async () => {
    const author = await registerUser(t.app, 'ceiling');
    const base = await valueOf(author);
    const limit = limitOf('like.received');
    await Promise.all(
      Array.from({ length: limit + 10 }, (_, index) =>
        emit('post.liked', { postId: 801, authorId: idOf(author), userId: 100_000 + index }),
      ),
    );
    expect(await valueOf(author)).toBe(base + limit * 2);
    const events = await t.app.db
      .selectFrom('atmosphere_events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', idOf(author))
      .where('kind', '=', 'like.received')
      .executeTakeFirstOrThrow();
    expect(Number(events.n)).toBe(limit);

    let now = Date.now();
    const bus: DomainEventBus = { emit: async () => undefined, on: () => undefined };
    const service = createAtmosphereService({
      db: t.app.db,
      dialect: t.app.dialect,
      events: bus,
      clock: () => now,
    });
    await service.award(idOf(author), 'like.received', '999:801');
    expect(await valueOf(author)).toBe(base + limit * 2);
    now += 24 * 60 * 60 * 1000;
    await service.award(idOf(author), 'like.received', '999:801');
    expect(await valueOf(author)).toBe(base + limit * 2 + 2);
  });

  it('gives the daily login bonus once a day, from the day after sign-up', async () => {
    const user = await registerUser(t.app, 'daily');
    await emit('user.signed-in', { userId: idOf(user) });
    expect(await valueOf(user)).toBe(0);

    const changes: DomainEvents['atmosphere.changed'][] = [];
    const bus: DomainEventBus = {
      emit: async (name, event) => {
        if (name === 'atmosphere.changed')
          changes.push(event as DomainEvents['atmosphere.changed']);
      },
      on: () => undefined,
    };
    let now = Date.now() + 24 * 60 * 60 * 1000;
    const service = createAtmosphereService({
      db: t.app.db,
      dialect: t.app.dialect,
      events: bus,
      clock: () => now,
    });
    await service.dailyLogin(idOf(user));
    await service.dailyLogin(idOf(user));
    expect(await valueOf(user)).toBe(1);
    now += 24 * 60 * 60 * 1000;
    await service.dailyLogin(idOf(user));
    expect(await valueOf(user)).toBe(2);
    expect(changes).toEqual([
      { userId: idOf(user), value: 1, points: 1, kind: 'daily.login' },
      { userId: idOf(user), value: 2, points: 1, kind: 'daily.login' },
    ]);

    const me = await t.app.inject({ method: 'GET', url: '/api/atmosphere/me', headers: user.auth });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      value: 2,
      events: [
        { kind: 'daily.login', title: '每日登录', points: 1 },
        { kind: 'daily.login', title: '每日登录', points: 1 },
      ],
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/atmosphere/me' })).statusCode).toBe(401);
  });

  it('shows how much of each ceiling today has used', async () => {
    const author = await registerUser(t.app, 'today');
    await emit('post.liked', { postId: 901, authorId: idOf(author), userId: 200_001 });
    await emit('post.liked', { postId: 902, authorId: idOf(author), userId: 200_001 });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/atmosphere/me',
      headers: author.auth,
    });
    expect(me.json().today).toContainEqual({ kind: 'like.received', count: 2, dailyLimit: 50 });
    expect(me.json().today).toContainEqual({ kind: 'daily.login', count: 0, dailyLimit: 1 });
  });

  it('keeps the day in Beijing time', () => {
    expect(beijingDay(Date.parse('2026-03-01T15:59:59Z'))).toBe('2026-03-01');
    expect(beijingDay(Date.parse('2026-03-01T16:00:00Z'))).toBe('2026-03-02');
  });
});
