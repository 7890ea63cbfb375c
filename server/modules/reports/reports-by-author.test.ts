import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorText } from '../../../contract/messages.ts';
import type { ManagedUserList } from '../../../contract/people.ts';
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
import { publishedPost } from '../../../tests/helpers/notes-test-kit.ts';

type User = Awaited<ReturnType<typeof registerUser>>;

/** `GET /api/admin/reports?authorId=`: the reports against one person, as /admin/users links them. */
describe.each(testDatabases)('the report queue of one person on %s', (kind) => {
  let t: TestApp;
  let suspect: User;
  let bystander: User;
  let reporter: User;
  let admin: User;

  const get = (url: string, who: User | null) =>
    t.app.inject({ method: 'GET', url, headers: who?.auth ?? {} });
  const report = async (targetType: string, targetId: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/reports',
      headers: reporter.auth,
      payload: { targetType, targetId, reason: '垃圾广告' },
    });
    expect(response.statusCode).toBe(201);
    return response.json<{ id: string }>().id;
  };
  const queueOf = async (query: string) => {
    const response = await get(`/api/admin/reports?${query}`, admin);
    expect(response.statusCode).toBe(200);
    return response.json<ReportList>();
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    [suspect, bystander, reporter, admin] = await Promise.all(
      ['suspect', 'bystander', 'reporter', 'admin'].map((prefix) => registerUser(t.app, prefix)),
    );
    await makeAdmin(t.app, admin.user.id);
    // The suspect: a note, a comment on the bystander's note and the person, all reported.
    // The bystander: one reported note, which the suspect's queue must leave out.
    const suspectNote = await publishedPost(t.app, suspect.auth, admin.auth, { title: '广告一' });
    const bystanderNote = await publishedPost(t.app, bystander.auth, admin.auth, {
      title: '无关笔记',
    });
    const comment = await t.app.inject({
      method: 'POST',
      url: `/api/posts/${bystanderNote.id}/comments`,
      headers: suspect.auth,
      payload: { content: '加我微信' },
    });
    expect(comment.statusCode).toBe(201);
    await report('post', suspectNote.id);
    await report('comment', comment.json<{ id: string }>().id);
    await report('user', suspect.user.id);
    await report('post', bystanderNote.id);
  });
  afterAll(() => t.close());

  it('lets only admins read it: 401 for a visitor, 403 for a member', async () => {
    const url = `/api/admin/reports?authorId=${suspect.user.id}`;
    const visitor = await get(url, null);
    expect([visitor.statusCode, visitor.json()]).toEqual([401, { error: errorText.loginRequired }]);
    const member = await get(url, reporter);
    expect([member.statusCode, member.json()]).toEqual([403, { error: errorText.notAdmin }]);
    expect((await get(url, admin)).statusCode).toBe(200);
  });

  it('answers a malformed id with 400 and an unknown person with 404, in Chinese', async () => {
    for (const bad of ['abc', '0', '-1', '1.5', '12345678901234567', '']) {
      const response = await get(`/api/admin/reports?authorId=${bad}`, admin);
      expect([response.statusCode, response.json()], bad).toEqual([
        400,
        { error: reportText.authorInvalid },
      ]);
    }
    const unknown = await get('/api/admin/reports?authorId=999999', admin);
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { error: peopleText.userNotFound }]);
  });

  it("lists only the person's reported content and names them", async () => {
    const list = await queueOf(`authorId=${suspect.user.id}`);
    expect(list.author).toEqual({ id: suspect.user.id, username: suspect.user.username });
    expect(list.groups.map((group) => group.targetType)).toEqual(['user', 'comment', 'post']);
    for (const group of list.groups) {
      expect(group.snapshot.author?.id).toBe(suspect.user.id);
    }
    expect([list.total, list.page, list.pages]).toEqual([3, 1, 1]);
    // Unfiltered, the queue holds the bystander's note too and names nobody.
    const all = await queueOf('status=open');
    expect(all.groups.some((group) => group.snapshot.author?.id === bystander.user.id)).toBe(true);
    expect(all).not.toHaveProperty('author');
  });

  it('pages the filtered queue', async () => {
    const second = await queueOf(`authorId=${suspect.user.id}&limit=2&page=2`);
    expect(second.groups.map((group) => group.targetType)).toEqual(['post']);
    expect([second.total, second.pages]).toEqual([3, 2]);
  });

  it('keeps open and resolved reports apart', async () => {
    const note = await publishedPost(t.app, bystander.auth, admin.auth, { title: '又一篇' });
    const id = await report('post', note.id);
    const dismissed = await t.app.inject({
      method: 'POST',
      url: `/api/admin/reports/${id}/resolve`,
      headers: admin.auth,
      payload: { action: 'dismiss' },
    });
    expect(dismissed.statusCode).toBe(200);
    const targetsOf = (list: ReportList) => list.groups.map((group) => group.targetId);
    const resolved = await queueOf(`authorId=${bystander.user.id}&status=resolved`);
    expect(resolved.groups.map((group) => [group.targetId, group.action])).toEqual([
      [note.id, 'dismiss'],
    ]);
    expect(targetsOf(await queueOf(`authorId=${bystander.user.id}`))).not.toContain(note.id);
    expect((await queueOf(`authorId=${suspect.user.id}&status=resolved`)).groups).toEqual([]);
  });

  it('agrees with the count /admin/users shows for the person', async () => {
    const response = await get(
      `/api/admin/users?query=${encodeURIComponent(suspect.user.username)}`,
      admin,
    );
    const listed = response.json<ManagedUserList>().users.find((u) => u.id === suspect.user.id);
    const open = await queueOf(`authorId=${suspect.user.id}`);
    expect(listed?.reportsAgainst).toBe(3);
    expect(open.groups.reduce((sum, group) => sum + group.count, 0)).toBe(3);
  });
});
