import type { Kysely, Selectable } from 'kysely';
import type { Database, UsersTable } from '../../db/schema.ts';

export type UserRow = Selectable<UsersTable>;

export interface NewUser {
  username: string;
  email?: string | null;
  phone?: string | null;
  passwordHash?: string | null;
  avatar?: string | null;
  isAdmin?: boolean;
}

export function createUserRepository(db: Kysely<Database>) {
  return {
    findById(id: number): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },

    findByUsername(username: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
    },

    findByEmail(email: string): Promise<UserRow | undefined> {
      return db
        .selectFrom('users')
        .selectAll()
        .where('email', '=', email.toLowerCase())
        .executeTakeFirst();
    },

    findByPhone(phone: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('phone', '=', phone).executeTakeFirst();
    },

    async insert(user: NewUser, now = Date.now()): Promise<UserRow> {
      const row = await db
        .insertInto('users')
        .values({
          username: user.username,
          email: user.email?.toLowerCase() ?? null,
          phone: user.phone ?? null,
          password_hash: user.passwordHash ?? null,
          avatar: user.avatar ?? null,
          bio: '',
          is_admin: user.isAdmin ? 1 : 0,
          premium_end_at: null,
          settings: '{}',
          last_login_day: null,
          pinned_post_id: null,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return row;
    },

    async update(
      id: number,
      changes: Partial<
        Pick<
          UserRow,
          | 'username'
          | 'email'
          | 'bio'
          | 'avatar'
          | 'password_hash'
          | 'phone'
          | 'settings'
          | 'pinned_post_id'
          | 'premium_end_at'
          | 'last_login_day'
        >
      >,
      now = Date.now(),
    ): Promise<UserRow | undefined> {
      return db
        .updateTable('users')
        .set({ ...changes, updated_at: now })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
    },

    /** Profile totals, each answered by an index (posts_author, follows pk / followee). */
    async counts(id: number) {
      const [posts, followers, following, likes] = await Promise.all([
        db
          .selectFrom('posts')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('author_id', '=', id)
          .where('status', '=', 'approved')
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('follows')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('followee_id', '=', id)
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('follows')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('follower_id', '=', id)
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('posts')
          .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('likes_count'), eb.lit(0)).as('n'))
          .where('author_id', '=', id)
          .where('status', '=', 'approved')
          .executeTakeFirstOrThrow(),
      ]);
      return {
        postsCount: Number(posts.n),
        followersCount: Number(followers.n),
        followingCount: Number(following.n),
        totalLikes: Number(likes.n),
      };
    },
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;
