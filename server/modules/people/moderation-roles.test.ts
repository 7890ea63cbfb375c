import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorText } from '../../../contract/messages.ts';
import type { ReportList } from '../../../contract/report.ts';
import {
  createTestApp,
  makeAdmin,
  registerUser,
  testDatabases,
} from '../../../tests/helpers/test-app.ts';
import type { TestApp } from '../../../tests/helpers/test-app.ts';

type User = Awaited<ReturnType<typeof registerUser>>;
type Role = 'visitor' | 'member' | 'muted' | 'banned' | 'admin';
const ROLES: Role[] = ['visitor', 'member', 'muted', 'banned', 'admin'];

/** What each role gets from an admin route: a banned person's tokens were all revoked. */
const ADMIN_ONLY = { visitor: 401, member: 403, muted: 403, banned: 401, admin: 200 } as const;

/**
 * Every endpoint of reports, sensitive words and managing people, called as each role. A mute
 * stops speaking, not reporting; a ban ends every session, so its old token is a visitor's.
 */
describe.each(testDatabases)('moderation endpoints by role on %s', (kind) => {
  let t: TestApp;
  const as = {} as Record<Role, User | null>;
  let subject: User;

  const call = (method: string, url: string, role: Role, payload?: object) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: as[role]?.auth ?? {},
      payload,
    });

  /** An open report of a fresh user, filed by a member, for the resolve route. */
  async function openReportId(): Promise<string> {
    const target = await registerUser(t.app, 'rtarget');
    const filed = await t.app.inject({
      method: 'POST',
      url: '/api/reports',
      headers: as.member!.auth,
      payload: { targetType: 'user', targetId: target.user.id, reason: '其他' },
    });
    expect(filed.statusCode).toBe(201);
    return filed.json<{ id: string }>().id;
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    const [member, muted, banned, admin] = await Promise.all(
      ['rmember', 'rmuted', 'rbanned', 'radmin'].map((prefix) => registerUser(t.app, prefix)),
    );
    subject = await registerUser(t.app, 'rsubject');
    await makeAdmin(t.app, admin.user.id);
    Object.assign(as, { visitor: null, member, muted, banned, admin });
    const restrict = async (user: User, action: 'mute' | 'ban') => {
      const response = await call('POST', `/api/admin/users/${user.user.id}/${action}`, 'admin', {
        days: 3,
        reason: '测试',
      });
      expect(response.statusCode).toBe(200);
    };
    await restrict(muted, 'mute');
    await restrict(banned, 'ban');
  });
  afterAll(() => t.close());

  it('lets every signed-in, unbanned role report, muted ones included', async () => {
    const expected = { visitor: 401, member: 201, muted: 201, banned: 401, admin: 201 };
    for (const role of ROLES) {
      const response = await call('POST', '/api/reports', role, {
        targetType: 'user',
        targetId: subject.user.id,
        reason: '垃圾广告',
      });
      expect([role, response.statusCode]).toEqual([role, expected[role]]);
      if (role === 'visitor') expect(response.json()).toEqual({ error: errorText.loginRequired });
      if (role === 'banned') expect(response.json()).toEqual({ error: errorText.sessionExpired });
    }
  });

  it('keeps the report queue and its outcomes to admins', async () => {
    for (const role of ROLES) {
      const list = await call('GET', '/api/admin/reports?status=open&page=1&limit=5', role);
      expect([role, list.statusCode]).toEqual([role, ADMIN_ONLY[role]]);
      const resolve = await call(
        'POST',
        `/api/admin/reports/${await openReportId()}/resolve`,
        role,
        {
          action: 'dismiss',
        },
      );
      expect([role, resolve.statusCode]).toEqual([role, ADMIN_ONLY[role]]);
      if (ADMIN_ONLY[role] === 403) {
        expect(resolve.json()).toEqual({ error: errorText.notAdmin });
      }
    }
    const list = await call('GET', '/api/admin/reports', 'admin');
    expect(list.json<ReportList>().groups.length).toBeGreaterThan(0);
  });

  it('keeps the word list to admins', async () => {
    const words = (await call('GET', '/api/admin/words', 'admin')).json<{ words: string[] }>();
    for (const role of ROLES) {
      const read = await call('GET', '/api/admin/words', role);
      expect([role, read.statusCode]).toEqual([role, ADMIN_ONLY[role]]);
      const write = await call('PUT', '/api/admin/words', role, words);
      expect([role, write.statusCode]).toEqual([role, ADMIN_ONLY[role]]);
    }
  });

  it('keeps managing people and the audit log to admins', async () => {
    const target = `/api/admin/users/${subject.user.id}`;
    const routes: [string, string, object?][] = [
      ['GET', '/api/admin/users?query=rsubject&page=1&limit=5'],
      ['GET', '/api/admin/audit?page=1&limit=5'],
      ['POST', `${target}/mute`, { days: 1, reason: '刷屏' }],
      ['POST', `${target}/lift`, { reason: '已申诉' }],
      ['POST', `${target}/ban`, { reason: '发布广告' }],
      ['POST', `${target}/lift`, { reason: '误封' }],
    ];
    for (const [method, url, payload] of routes) {
      for (const role of ROLES) {
        const response = await call(method, url, role, payload);
        expect([role, method, url, response.statusCode]).toEqual([
          role,
          method,
          url,
          ADMIN_ONLY[role],
        ]);
      }
    }
  });
});
