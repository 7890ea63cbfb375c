import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorText } from '../../../contract/messages.ts';
import type { AuditList, ManagedUserList, UserStatus } from '../../../contract/people.ts';
import { peopleText } from '../../../contract/people.ts';
import {
  createTestApp,
  makeAdmin,
  registerUser,
  testDatabases,
} from '../../../tests/helpers/test-app.ts';
import type { TestApp } from '../../../tests/helpers/test-app.ts';
import { issueTicket, openStream } from '../../../tests/helpers/stream-client.ts';
import { publishedPost } from '../../../tests/helpers/notes-test-kit.ts';

type User = Awaited<ReturnType<typeof registerUser>>;

describe.each(testDatabases)('managing people on %s', (kind) => {
  let t: TestApp;
  let origin: string;
  let admin: User;
  let otherAdmin: User;
  let member: User;
  let noteId: string;

  const call = (
    method: 'GET' | 'POST',
    url: string,
    who: User | null,
    payload?: Record<string, unknown>,
  ) => t.app.inject({ method, url, headers: who?.auth ?? {}, payload });
  const note = (who: User) =>
    call('POST', '/api/posts', who, { title: '禁言测试', content: '正文内容', categoryId: '1' });
  const comment = (who: User) =>
    call('POST', `/api/posts/${noteId}/comments`, who, { content: '一条评论' });
  const message = (who: User, to: User) =>
    call('POST', '/api/messages', who, { recipientId: to.user.id, content: '你好' });
  const audit = async () => {
    const response = await call('GET', '/api/admin/audit', admin);
    expect(response.statusCode).toBe(200);
    return response.json<AuditList>().entries;
  };
  const search = async (query: string) => {
    const response = await call(
      'GET',
      `/api/admin/users?query=${encodeURIComponent(query)}`,
      admin,
    );
    expect(response.statusCode).toBe(200);
    return response.json<ManagedUserList>();
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    admin = await registerUser(t.app, 'padmin');
    otherAdmin = await registerUser(t.app, 'padmin2');
    member = await registerUser(t.app, 'pmember');
    await makeAdmin(t.app, admin.user.id);
    await makeAdmin(t.app, otherAdmin.user.id);
    noteId = (await publishedPost(t.app, admin.auth, admin.auth)).id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 401 to visitors and 403 to members on every route', async () => {
    const routes: ['GET' | 'POST', string, Record<string, unknown>?][] = [
      ['GET', '/api/admin/users'],
      ['GET', '/api/admin/audit'],
      ['POST', `/api/admin/users/${member.user.id}/mute`, { days: 1, reason: '测试' }],
      ['POST', `/api/admin/users/${member.user.id}/ban`, { reason: '测试' }],
      ['POST', `/api/admin/users/${member.user.id}/lift`, { reason: '测试' }],
    ];
    for (const [method, url, payload] of routes) {
      const visitor = await call(method, url, null, payload);
      expect(visitor.statusCode).toBe(401);
      const byMember = await call(method, url, member, payload);
      expect(byMember.statusCode).toBe(403);
      expect(byMember.json()).toEqual({ error: errorText.notAdmin });
    }
  });

  it('finds users by name and e-mail with their counts and status', async () => {
    const writer = await registerUser(t.app, 'pwriter');
    await publishedPost(t.app, writer.auth, admin.auth);
    const reported = await call('POST', '/api/reports', member, {
      targetType: 'user',
      targetId: writer.user.id,
      reason: '垃圾广告',
    });
    expect(reported.statusCode).toBe(201);

    const byName = await search(writer.user.username.slice(0, 12));
    const found = byName.users.find((user) => user.id === writer.user.id);
    expect(found).toMatchObject({
      username: writer.user.username,
      notesCount: 1,
      reportsAgainst: 1,
      status: { state: 'active', mutedUntil: null, bannedAt: null },
    });
    const byEmail = await search(`${writer.user.username}@example.com`);
    expect(byEmail.users.map((user) => user.id)).toContain(writer.user.id);
    expect((await search('没有这样的名字')).users).toEqual([]);

    const all = await call('GET', '/api/admin/users?limit=2', admin);
    expect(all.json<ManagedUserList>().users).toHaveLength(2);
    expect(all.json<ManagedUserList>().total).toBeGreaterThanOrEqual(4);
  });

  it('refuses to restrict oneself, another admin, or with bad input', async () => {
    const self = await call('POST', `/api/admin/users/${admin.user.id}/ban`, admin, {
      reason: '自己',
    });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ error: peopleText.notSelf });
    const adminTarget = await call('POST', `/api/admin/users/${otherAdmin.user.id}/mute`, admin, {
      days: 1,
      reason: '管理员',
    });
    expect(adminTarget.statusCode).toBe(403);
    expect(adminTarget.json()).toEqual({ error: peopleText.notAdminTarget });
    const badDays = await call('POST', `/api/admin/users/${member.user.id}/mute`, admin, {
      days: 0,
      reason: '原因',
    });
    expect(badDays.statusCode).toBe(400);
    expect(badDays.json()).toEqual({ error: peopleText.daysInvalid });
    const blank = await call('POST', `/api/admin/users/${member.user.id}/ban`, admin, {
      reason: '   ',
    });
    expect([blank.statusCode, blank.json()]).toEqual([400, { error: peopleText.reasonRequired }]);
    const missing = await call('POST', '/api/admin/users/999999999/ban', admin, { reason: '无' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: peopleText.userNotFound });
    const nothing = await call('POST', `/api/admin/users/${member.user.id}/lift`, admin, {
      reason: '无',
    });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json()).toEqual({ error: peopleText.nothingToLift });
  });

  it('a muted member cannot publish, comment or message until lifted', async () => {
    const muter = await registerUser(t.app, 'pmuted');
    expect((await comment(muter)).statusCode).toBe(201);

    const muted = await call('POST', `/api/admin/users/${muter.user.id}/mute`, admin, {
      days: 3,
      reason: '刷屏',
    });
    expect(muted.statusCode).toBe(200);
    const status = muted.json<UserStatus>();
    expect(status.state).toBe('muted');
    expect(Date.parse(status.mutedUntil ?? '')).toBeGreaterThan(Date.now() + 2.9 * 86_400_000);

    for (const response of [
      await note(muter),
      await comment(muter),
      await message(muter, member),
    ]) {
      expect(response.statusCode).toBe(403);
      const error = response.json<{ error: string }>().error;
      expect(error).toMatch(/^你已被禁言至 \d{4}\/\d{2}\/\d{2} \d{2}:\d{2}，原因：刷屏$/);
    }
    // Reading and signing in still work.
    expect((await call('GET', `/api/posts/${noteId}/comments`, muter)).statusCode).toBe(200);

    const lifted = await call('POST', `/api/admin/users/${muter.user.id}/lift`, admin, {
      reason: '已申诉',
    });
    expect(lifted.statusCode).toBe(200);
    expect(lifted.json<UserStatus>().state).toBe('active');
    expect((await note(muter)).statusCode).toBe(201);
    expect((await comment(muter)).statusCode).toBe(201);
    expect((await message(muter, member)).statusCode).toBe(200);

    const entries = await audit();
    expect(entries.slice(0, 2)).toMatchObject([
      { action: 'lift', targetId: muter.user.id, reason: '已申诉', detail: 'mute' },
      { action: 'mute', targetId: muter.user.id, reason: '刷屏', admin: { id: admin.user.id } },
    ]);
  });

  it('a ban revokes every session at once, closes live streams and refuses sign-in', async () => {
    const banned = await registerUser(t.app, 'pbanned');
    const stream = await openStream(origin, await issueTicket(origin, banned.token));
    await stream.next('unread');

    const response = await call('POST', `/api/admin/users/${banned.user.id}/ban`, admin, {
      reason: '发布广告',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<UserStatus>()).toMatchObject({ state: 'banned', banReason: '发布广告' });

    expect(await stream.next('ended')).toMatchObject({ data: { reason: '发布广告' } });
    await stream.ended;
    const old = await call('GET', '/api/auth/me', banned);
    expect(old.statusCode).toBe(401);

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: banned.user.username, password: banned.password },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toEqual({ error: '你的账号已被封禁，原因：发布广告' });
    // A wrong password still answers as before: the ban is only told to the account's owner.
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: banned.user.username, password: 'wrong-password' },
    });
    expect(wrong.statusCode).toBe(401);

    expect((await audit())[0]).toMatchObject({ action: 'ban', targetId: banned.user.id });

    const lifted = await call('POST', `/api/admin/users/${banned.user.id}/lift`, admin, {
      reason: '误封',
    });
    expect(lifted.json<UserStatus>().state).toBe('active');
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: banned.user.username, password: banned.password },
    });
    expect(again.statusCode).toBe(200);
  });

  it('writes report resolutions to the audit log, newest first and paged', async () => {
    const writer = await registerUser(t.app, 'paudit');
    const post = await publishedPost(t.app, writer.auth, admin.auth);
    const filed = await call('POST', '/api/reports', member, {
      targetType: 'post',
      targetId: post.id,
      reason: '侵权',
    });
    const resolved = await call(
      'POST',
      `/api/admin/reports/${filed.json<{ id: string }>().id}/resolve`,
      admin,
      { action: 'dismiss' },
    );
    expect(resolved.statusCode).toBe(200);
    expect((await audit())[0]).toMatchObject({
      action: 'report.dismiss',
      targetType: 'post',
      targetId: post.id,
      reason: '侵权',
    });
    const paged = await call('GET', '/api/admin/audit?page=2&limit=1', admin);
    expect(paged.json<AuditList>()).toMatchObject({ page: 2 });
    expect(paged.json<AuditList>().entries).toHaveLength(1);
  });
});
