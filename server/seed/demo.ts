import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { createUserRepository } from '../modules/users/user-repository.ts';

/** Shown in the README; change it with ADMIN_PASSWORD, or turn demo content off with SEED_DEMO=false. */
export const DEFAULT_ADMIN_PASSWORD = 'vibe-admin-2026';
export const DEMO_USER_PASSWORD = 'demo12345';

export const DEMO_USERS = [
  {
    username: '林深见鹿',
    email: 'lin@example.com',
    bio: '前端工程师，喜欢用 AI 写代码，也喜欢拍城市的夜。',
  },
  {
    username: '代码诗人',
    email: 'poet@example.com',
    bio: '写 Rust 和 TypeScript，相信好代码读起来像诗。',
  },
  { username: '像素旅人', email: 'pixel@example.com', bio: '独立设计师，关注界面、字体与色彩。' },
  {
    username: '周末咖啡',
    email: 'coffee@example.com',
    bio: '产品经理，周末在咖啡馆里折腾小项目。',
  },
];

/** Whether the database has its demo content already (its admin is seeded first). */
export async function hasDemoContent(db: Kysely<Database>): Promise<boolean> {
  return Boolean(await createUserRepository(db).findByUsername('admin'));
}

/** Seeds an admin and demo users once, on the first start of an empty database. */
export async function seedDemoContent(app: FastifyInstance): Promise<void> {
  if (await hasDemoContent(app.db)) return;
  const users = createUserRepository(app.db);

  const adminPassword = process.env.ADMIN_PASSWORD ?? DEFAULT_ADMIN_PASSWORD;
  const admin = await users.insert({
    username: 'admin',
    email: 'admin@example.com',
    passwordHash: await hashPassword(adminPassword),
    isAdmin: true,
  });
  const demoHash = await hashPassword(DEMO_USER_PASSWORD);
  const demoIds: number[] = [];
  for (const demo of DEMO_USERS) {
    const row = await users.insert({
      username: demo.username,
      email: demo.email,
      passwordHash: demoHash,
    });
    await users.update(row.id, { bio: demo.bio });
    demoIds.push(row.id);
  }
  // Imported on the first start only: drawing the demo covers needs sharp and highlight.js,
  // which a running site otherwise loads only when asked for a cover or an image variant.
  const { seedDemoNotes } = await import('./demo-notes-seeder.ts');
  await seedDemoNotes(app, demoIds, admin.id);
  app.log.info(
    { admin: 'admin', passwordFromEnv: Boolean(process.env.ADMIN_PASSWORD) },
    'demo content seeded; sign in as admin (see README for the password)',
  );
}
