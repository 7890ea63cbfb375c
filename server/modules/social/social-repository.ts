import type { Kysely, Selectable } from 'kysely';
import type { SocialType } from '../../../contract/social.ts';
import type { Database, SocialAccountsTable } from '../../db/schema.ts';
import type { UserRow } from '../users/user-repository.ts';
import type { SocialIdentity } from './providers/oauth-provider.ts';

export type SocialAccountRow = Selectable<SocialAccountsTable>;

export function createSocialRepository(db: Kysely<Database>) {
  return {
    /** The account a provider identity is bound to (unique on provider + openid). */
    findUser(provider: SocialType, openid: string): Promise<UserRow | undefined> {
      return db
        .selectFrom('social_accounts')
        .innerJoin('users', 'users.id', 'social_accounts.user_id')
        .selectAll('users')
        .where('social_accounts.provider', '=', provider)
        .where('social_accounts.openid', '=', openid)
        .executeTakeFirst();
    },

    listForUser(userId: number): Promise<SocialAccountRow[]> {
      return db
        .selectFrom('social_accounts')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
    },

    async insert(userId: number, provider: SocialType, identity: SocialIdentity, now = Date.now()) {
      await db
        .insertInto('social_accounts')
        .values({
          user_id: userId,
          provider,
          openid: identity.openid,
          nickname: identity.nickname || null,
          avatar: identity.avatar,
          created_at: now,
        })
        .execute();
    },

    async remove(userId: number, provider: SocialType) {
      await db
        .deleteFrom('social_accounts')
        .where('user_id', '=', userId)
        .where('provider', '=', provider)
        .execute();
    },
  };
}

export type SocialRepository = ReturnType<typeof createSocialRepository>;
