import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommentList } from '../../../contract/comment.ts';
import { errorText } from '../../../contract/messages.ts';
import type { MessageThread } from '../../../contract/message.ts';
import type { NotificationList } from '../../../contract/notification.ts';
import type { Post } from '../../../contract/post.ts';
import type { AuditList } from '../../../contract/people.ts';
import { peopleText } from '../../../contract/people.ts';
import type { ReportList } from '../../../contract/report.ts';
import { reportText } from '../../../contract/report.ts';
import {
  createTestApp,
  makeAdmin,
  registerUser,
  testDatabases,
} from '../../../tests/helpers/test-app.ts';
import type { TestApp } from '../../../tests/helpers/test-app.ts';
import { RATE_LIMITS } from '../../plugins/rate-limits.ts';
import { publishedPost } from '../../../tests/helpers/notes-test-kit.ts';

type User = Awaited<ReturnType<typeof registerUser>>;

describe.each(testDatabases)('reports (举报) on %s', (kind) => {
  let t: TestApp;
  let author: User;
  let reporter: User;
  let second: User;
  let admin: User;
  let note: Post;

  const call = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    who: User | null,
    payload?: Record<string, unknown>,
  ) => t.app.inject({ method, url, headers: who?.auth ?? {}, payload });
  const report = (who: User | null, payload: Record<string, unknown>) =>
    call('POST', '/api/reports', who, { reason: '垃圾广告', ...payload });
  const queue = async (status: 'open' | 'resolved' = 'open') => {
    const response = await call('GET', `/api/admin/reports?status=${status}`, admin);
    expect(response.statusCode).toBe(200);
    return response.json<ReportList>();
  };
  const groupOf = async (targetType: string, targetId: string, status?: 'open' | 'resolved') =>
    (await queue(status)).groups.find(
      (group) => group.targetType === targetType && group.targetId === targetId,
    );
  const comment = async (who: User, content: string) => {
    const response = await call('POST', `/api/posts/${note.id}/comments`, who, { content });
    expect(response.statusCode).toBe(201);
    return response.json<{ id: string }>().id;
  };
  const commentsSeenBy = async (who: User | null) => {
    const response = await call('GET', `/api/posts/${note.id}/comments`, who);
    expect(response.statusCode).toBe(200);
    return response.json<CommentList>();
  };
  const notifications = async (who: User) =>
    (await call('GET', '/api/notifications', who)).json<NotificationList>().notifications;

  beforeAll(async () => {
    t = await createTestApp(kind);
    [author, reporter, second, admin] = await Promise.all(
      ['author', 'reporter', 'second', 'admin'].map((prefix) => registerUser(t.app, prefix)),
    );
    await makeAdmin(t.app, admin.user.id);
    note = await publishedPost(t.app, author.auth, admin.auth, {
      title: '加微信领取优惠',
      content: '原来的正文：加微信 123 领取优惠。',
    });
  });
  afterAll(() => t.close());

  it('asks a visitor to sign in and checks the body', async () => {
    const visitor = await report(null, { targetType: 'post', targetId: note.id });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toEqual({ error: errorText.loginRequired });
    const cases: [Record<string, unknown>, string][] = [
      [{ targetType: 'video', targetId: note.id }, reportText.targetTypeInvalid],
      [{ targetType: 'post', targetId: note.id, reason: '不喜欢' }, reportText.reasonInvalid],
      [{ targetType: 'post', targetId: 'abc' }, reportText.targetNotFound],
      [
        { targetType: 'post', targetId: note.id, detail: '长'.repeat(501) },
        reportText.detailTooLong,
      ],
    ];
    for (const [payload, error] of cases) {
      const response = await report(reporter, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error });
    }
    const missing = await report(reporter, { targetType: 'post', targetId: '999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: reportText.targetNotFound });
  });

  it('refuses reporting your own content and a second open report of the same target', async () => {
    const own = await report(author, { targetType: 'post', targetId: note.id });
    expect(own.statusCode).toBe(400);
    expect(own.json()).toEqual({ error: reportText.ownContent });
    const self = await report(author, { targetType: 'user', targetId: author.user.id });
    expect(self.json()).toEqual({ error: reportText.ownContent });

    const first = await report(reporter, {
      targetType: 'post',
      targetId: note.id,
      detail: '  广告  ',
    });
    expect(first.statusCode).toBe(201);
    const again = await report(reporter, { targetType: 'post', targetId: note.id, reason: '其他' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: reportText.duplicate });
  });

  it('keeps the content as it was reported and counts the reporters in the admin queue', async () => {
    expect(
      (await report(second, { targetType: 'post', targetId: note.id, reason: '侵权' })).statusCode,
    ).toBe(201);
    const edited = await call('PUT', `/api/posts/${note.id}`, author, {
      title: '改过的标题',
      content: '改过的正文',
      categoryId: '1',
    });
    expect(edited.statusCode).toBe(200);
    const group = await groupOf('post', note.id);
    expect(group).toMatchObject({
      status: 'open',
      count: 2,
      snapshot: {
        author: { id: author.user.id, username: author.user.username },
        title: '加微信领取优惠',
        content: '原来的正文：加微信 123 领取优惠。',
        postId: note.id,
      },
      current: { exists: true, content: '改过的正文' },
    });
    expect(group!.reports.map((entry) => [entry.reporter.id, entry.reason, entry.detail])).toEqual([
      [second.user.id, '侵权', null],
      [reporter.user.id, '垃圾广告', '广告'],
    ]);
  });

  it('lets only admins see and resolve the queue', async () => {
    const group = (await groupOf('post', note.id))!;
    for (const [who, status, error] of [
      [null, 401, errorText.loginRequired],
      [reporter, 403, errorText.notAdmin],
    ] as const) {
      const list = await call('GET', '/api/admin/reports', who);
      expect([list.statusCode, list.json()]).toEqual([status, { error }]);
      const resolve = await call('POST', `/api/admin/reports/${group.id}/resolve`, who, {
        action: 'dismiss',
      });
      expect([resolve.statusCode, resolve.json()]).toEqual([status, { error }]);
    }
    const bad = await call('POST', `/api/admin/reports/${group.id}/resolve`, admin, {
      action: 'explode',
    });
    expect([bad.statusCode, bad.json()]).toEqual([400, { error: reportText.actionInvalid }]);
    const missing = await call('POST', '/api/admin/reports/999999/resolve', admin, {
      action: 'dismiss',
    });
    expect([missing.statusCode, missing.json()]).toEqual([
      404,
      { error: reportText.reportNotFound },
    ]);
  });

  it('hides a reported note from everyone but its author, resolving all its reports at once', async () => {
    const group = (await groupOf('post', note.id))!;
    const resolved = await call('POST', `/api/admin/reports/${group.id}/resolve`, admin, {
      action: 'hide',
    });
    expect(resolved.json()).toEqual({ resolved: 2, action: 'hide' });
    expect(await groupOf('post', note.id)).toBeUndefined();
    expect(await groupOf('post', note.id, 'resolved')).toMatchObject({
      count: 2,
      action: 'hide',
      current: { hidden: true },
    });
    expect((await call('GET', `/api/posts/${note.id}`, reporter)).statusCode).toBe(404);
    expect((await call('GET', `/api/posts/${note.id}`, null)).statusCode).toBe(404);
    const own = (await call('GET', `/api/posts/${note.id}`, author)).json<Post>();
    expect(own.status).toBe('rejected');
    expect(own.rejectReason).toBe('因被举报（侵权）已被管理员隐藏，仅你自己可见');
    // Both reporters are told, and a resolved report cannot be resolved again.
    for (const who of [reporter, second]) {
      expect((await notifications(who))[0]).toMatchObject({
        type: 'report_resolved',
        outcome: 'hide',
        reportTarget: 'post',
        actor: null,
        excerpt: '加微信领取优惠',
        post: { id: note.id },
      });
    }
    const twice = await call('POST', `/api/admin/reports/${group.id}/resolve`, admin, {
      action: 'dismiss',
    });
    expect([twice.statusCode, twice.json()]).toEqual([409, { error: reportText.alreadyResolved }]);
    // A resolved report no longer blocks a new one (the note is hidden now, so it is not found).
    await call('POST', `/api/posts/admin/${note.id}/review`, admin, { status: 'approved' });
    expect((await report(reporter, { targetType: 'post', targetId: note.id })).statusCode).toBe(
      201,
    );
  });

  it('hides a comment from others but shows it with the reason to its author', async () => {
    const commentId = await comment(author, '广告评论：加微信');
    expect(
      (await report(reporter, { targetType: 'comment', targetId: commentId })).statusCode,
    ).toBe(201);
    expect((await commentsSeenBy(null)).comments.map((c) => c.id)).toContain(commentId);
    const group = (await groupOf('comment', commentId))!;
    expect(group.snapshot).toMatchObject({ content: '广告评论：加微信', postId: note.id });
    await call('POST', `/api/admin/reports/${group.id}/resolve`, admin, { action: 'hide' });

    for (const who of [null, reporter, admin]) {
      const list = await commentsSeenBy(who);
      expect(list.comments.map((c) => c.id)).not.toContain(commentId);
    }
    const own = (await commentsSeenBy(author)).comments.find((c) => c.id === commentId);
    expect(own?.hiddenReason).toBe('因被举报（垃圾广告）已被管理员隐藏，仅你自己可见');
    expect((await notifications(reporter))[0]).toMatchObject({
      type: 'report_resolved',
      outcome: 'hide',
      reportTarget: 'comment',
    });
  });

  it('deletes a reported comment and dismisses a reported user', async () => {
    const commentId = await comment(author, '人身攻击的评论');
    await report(second, { targetType: 'comment', targetId: commentId, reason: '人身攻击' });
    const group = (await groupOf('comment', commentId))!;
    await call('POST', `/api/admin/reports/${group.id}/resolve`, admin, { action: 'delete' });
    expect(await groupOf('comment', commentId, 'resolved')).toMatchObject({
      action: 'delete',
      current: { exists: false },
      snapshot: { content: '人身攻击的评论' },
    });
    expect((await commentsSeenBy(author)).comments.map((c) => c.id)).not.toContain(commentId);

    expect(
      (await report(second, { targetType: 'user', targetId: author.user.id })).statusCode,
    ).toBe(201);
    const user = (await groupOf('user', author.user.id))!;
    expect(user.snapshot.title).toBe(author.user.username);
    const hide = await call('POST', `/api/admin/reports/${user.id}/resolve`, admin, {
      action: 'hide',
    });
    expect([hide.statusCode, hide.json()]).toEqual([
      400,
      { error: reportText.actionNotApplicable },
    ]);
    await call('POST', `/api/admin/reports/${user.id}/resolve`, admin, { action: 'dismiss' });
    expect((await notifications(second))[0]).toMatchObject({
      outcome: 'dismiss',
      reportTarget: 'user',
    });
  });

  it('bans the author from the queue: reason required, sessions ended, content hidden, all told', async () => {
    const spammer = await registerUser(t.app, 'spammer');
    const commentId = await comment(spammer, '低价代购，私聊');
    await report(reporter, { targetType: 'comment', targetId: commentId });
    await report(second, { targetType: 'user', targetId: spammer.user.id, reason: '其他' });
    const group = (await groupOf('comment', commentId))!;
    const resolve = (payload: Record<string, unknown>) =>
      call('POST', `/api/admin/reports/${group.id}/resolve`, admin, payload);
    for (const reason of [undefined, '   ']) {
      const refused = await resolve({ action: 'ban', reason });
      expect([refused.statusCode, refused.json()]).toEqual([
        400,
        { error: peopleText.reasonRequired },
      ]);
    }
    expect((await call('GET', '/api/auth/me', spammer)).statusCode).toBe(200);

    const banned = await resolve({ action: 'ban', reason: '多次发布广告' });
    expect([banned.statusCode, banned.json()]).toEqual([200, { resolved: 1, action: 'ban' }]);
    expect((await call('GET', '/api/auth/me', spammer)).statusCode).toBe(401);
    const login = await call('POST', '/api/auth/login', null, {
      username: spammer.user.username,
      password: spammer.password,
    });
    expect([login.statusCode, login.json()]).toEqual([
      403,
      { error: '你的账号已被封禁，原因：多次发布广告' },
    ]);
    expect((await commentsSeenBy(null)).comments.map((c) => c.id)).not.toContain(commentId);
    expect(await groupOf('comment', commentId, 'resolved')).toMatchObject({
      action: 'ban',
      current: { hidden: true },
    });
    expect((await notifications(reporter))[0]).toMatchObject({
      type: 'report_resolved',
      outcome: 'ban',
      reportTarget: 'comment',
    });
    const audit = (await call('GET', '/api/admin/audit?limit=2', admin)).json<AuditList>();
    expect(audit.entries).toMatchObject([
      { action: 'report.ban', targetType: 'comment', targetId: commentId, reason: '垃圾广告' },
      {
        action: 'ban',
        targetType: 'user',
        targetId: spammer.user.id,
        targetName: spammer.user.username,
        reason: '多次发布广告',
      },
    ]);

    // A report of the person is banned the same way; banning them again changes nothing.
    const person = (await groupOf('user', spammer.user.id))!;
    const again = await call('POST', `/api/admin/reports/${person.id}/resolve`, admin, {
      action: 'ban',
      reason: '多次发布广告',
    });
    expect(again.json()).toEqual({ resolved: 1, action: 'ban' });
    expect((await notifications(second))[0]).toMatchObject({
      outcome: 'ban',
      reportTarget: 'user',
    });
  });

  it('refuses to ban an admin from the queue and leaves the report open', async () => {
    const adminComment = await comment(admin, '管理员的评论');
    await report(reporter, { targetType: 'comment', targetId: adminComment });
    const group = (await groupOf('comment', adminComment))!;
    const refused = await call('POST', `/api/admin/reports/${group.id}/resolve`, admin, {
      action: 'ban',
      reason: '测试',
    });
    // The acting admin wrote it: banning oneself is refused first.
    expect([refused.statusCode, refused.json()]).toEqual([400, { error: peopleText.notSelf }]);
    expect(await groupOf('comment', adminComment)).toMatchObject({ status: 'open' });
    await call('POST', `/api/admin/reports/${group.id}/resolve`, admin, { action: 'dismiss' });
  });

  it('lets only the recipient report a message, and hides it from the recipient only', async () => {
    const sent = await call('POST', '/api/messages', author, {
      recipientId: reporter.user.id,
      content: '私信广告',
    });
    const messageId = sent.json<{ id: string }>().id;
    const stranger = await report(second, { targetType: 'message', targetId: messageId });
    expect([stranger.statusCode, stranger.json()]).toEqual([
      403,
      { error: reportText.notRecipient },
    ]);
    const sender = await report(author, { targetType: 'message', targetId: messageId });
    expect(sender.statusCode).toBe(400);
    expect(
      (await report(reporter, { targetType: 'message', targetId: messageId })).statusCode,
    ).toBe(201);
    const group = (await groupOf('message', messageId))!;
    await call('POST', `/api/admin/reports/${group.id}/resolve`, admin, { action: 'hide' });
    const thread = (who: User, other: User) =>
      call('GET', `/api/messages/with/${other.user.id}`, who).then((r) => r.json<MessageThread>());
    expect((await thread(reporter, author)).messages.map((m) => m.id)).not.toContain(messageId);
    const own = (await thread(author, reporter)).messages.find((m) => m.id === messageId);
    expect(own?.hiddenReason).toBe('因被举报（垃圾广告）已被管理员隐藏，仅你自己可见');
  });
});

describe('report rate limit', () => {
  let t: TestApp;
  afterAll(() => t.close());

  it('answers 429 in Chinese after too many reports in an hour', async () => {
    t = await createTestApp('sqlite', { rateLimit: true });
    const [someone, admin] = await Promise.all([
      registerUser(t.app, 'rl'),
      registerUser(t.app, 'rla'),
    ]);
    await makeAdmin(t.app, admin.user.id);
    const users = await Promise.all(
      Array.from({ length: RATE_LIMITS.reportsPerHour }, (_, index) =>
        registerUser(t.app, `target${index}`),
      ),
    );
    for (const target of users) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/reports',
        headers: someone.auth,
        payload: { targetType: 'user', targetId: target.user.id, reason: '其他' },
      });
      expect(response.statusCode).toBe(201);
    }
    const over = await t.app.inject({
      method: 'POST',
      url: '/api/reports',
      headers: someone.auth,
      payload: { targetType: 'user', targetId: admin.user.id, reason: '其他' },
    });
    expect(over.statusCode).toBe(429);
    expect(over.json().error).toBe(errorText.tooManyRequests);
  });
});
