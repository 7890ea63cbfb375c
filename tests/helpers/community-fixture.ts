import { createTestApp, makeAdmin, registerUser } from './test-app.ts';
import type { TestApp, TestDatabaseKind } from './test-app.ts';

export type TestUser = Awaited<ReturnType<typeof registerUser>>;

export interface CommunityFixture<Name extends string> {
  t: TestApp;
  admin: TestUser;
  /** The members the test named, each still free to write. */
  members: Record<Name, TestUser>;
  /** Muted for a day: may read and follow, not publish. */
  muted: TestUser;
  /** Banned: every session revoked, so their token reads as a visitor's. */
  banned: TestUser;
}

/**
 * The set-up the community modules' route tests (mentions, tags, related notes) share: the app on
 * `kind`, an admin, the named members, a muted and a banned member. Every name starts with
 * `prefix` (`m` gives madmin, mauthor, …), so a test can look people up by it.
 */
export async function createCommunityFixture<const Name extends string>(
  kind: TestDatabaseKind,
  prefix: string,
  names: readonly Name[],
): Promise<CommunityFixture<Name>> {
  const t = await createTestApp(kind);
  const join = (name: string) => registerUser(t.app, `${prefix}${name}`);
  const admin = await join('admin');
  await makeAdmin(t.app, admin.user.id);
  const members = {} as Record<Name, TestUser>;
  for (const name of names) members[name] = await join(name);
  const [muted, banned] = [await join('muted'), await join('banned')];
  const restrict = async (who: TestUser, action: 'mute' | 'ban', payload: object) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${who.user.id}/${action}`,
      headers: admin.auth,
      payload,
    });
    if (response.statusCode !== 200) throw new Error(`${action} failed: ${response.body}`);
  };
  await restrict(muted, 'mute', { days: 1, reason: '测试禁言' });
  await restrict(banned, 'ban', { reason: '测试封禁' });
  return { t, admin, members, muted, banned };
}
