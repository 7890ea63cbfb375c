import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  makeAdmin,
  registerUser,
  testDatabases,
} from '../../tests/helpers/test-app.ts';
import type { TestApp } from '../../tests/helpers/test-app.ts';
import { createPost, uploadImage } from '../../tests/helpers/notes-test-kit.ts';

type User = Awaited<ReturnType<typeof registerUser>>;

/**
 * A multi-step write that fails at its last step leaves nothing of its first steps behind. The
 * failure is a database trigger that refuses one statement, so the code runs unchanged.
 */
describe.each(testDatabases)('multi-step writes are all or nothing (%s)', (kind) => {
  let test: TestApp;
  let author: User;

  beforeAll(async () => {
    test = await createTestApp(kind);
    author = await registerUser(test.app, 'author');
    if (kind === 'postgres') {
      await sql`CREATE FUNCTION refuse_write() RETURNS trigger AS $$
        BEGIN RAISE EXCEPTION 'refused by the test'; END $$ LANGUAGE plpgsql`.execute(test.app.db);
    }
  });
  afterAll(() => test.close());

  /** Makes every `UPDATE OF column` (or INSERT) on `table` fail until the returned undo runs. */
  async function refuse(table: string, event: 'INSERT' | `UPDATE OF ${string}`) {
    const name = sql.raw(`refuse_${table}`);
    const on = sql.raw(`${event} ON ${table}`);
    if (kind === 'sqlite') {
      await sql`CREATE TRIGGER ${name} BEFORE ${on}
        BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`.execute(test.app.db);
      return () => sql`DROP TRIGGER ${name}`.execute(test.app.db);
    }
    await sql`CREATE TRIGGER ${name} BEFORE ${on} FOR EACH ROW
      EXECUTE FUNCTION refuse_write()`.execute(test.app.db);
    return () => sql`DROP TRIGGER ${name} ON ${sql.raw(table)}`.execute(test.app.db);
  }

  const countPosts = async (title: string) =>
    (await test.app.db.selectFrom('posts').select('id').where('title', '=', title).execute())
      .length;

  it('publishes a note with its images, or nothing', async () => {
    const image = await uploadImage(test.app, author.auth);
    const undo = await refuse('uploads', 'UPDATE OF post_id');
    const failed = await test.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: author.auth,
      payload: { title: '半途而废', content: '正文', categoryId: '1', images: [image] },
    });
    await undo();
    expect(failed.statusCode).toBe(500);
    expect(await countPosts('半途而废')).toBe(0);

    // The image is still free to use, and the same note goes through once nothing refuses.
    await createPost(test.app, author.auth, { title: '半途而废', images: [image] });
    expect(await countPosts('半途而废')).toBe(1);
  });

  it('deletes a pinned note and unpins it, or neither', async () => {
    const admin = await registerUser(test.app, 'admin');
    await makeAdmin(test.app, admin.user.id);
    const post = await createPost(test.app, admin.auth, { title: '置顶的笔记' });
    const pinned = await test.app.inject({
      method: 'POST',
      url: '/api/users/pin-post',
      headers: admin.auth,
      payload: { postId: post.id },
    });
    expect(pinned.statusCode).toBe(200);

    const undo = await refuse('users', 'UPDATE OF pinned_post_id');
    const failed = await test.app.inject({
      method: 'DELETE',
      url: `/api/posts/${post.id}`,
      headers: admin.auth,
    });
    await undo();
    expect(failed.statusCode).toBe(500);
    expect(await countPosts('置顶的笔记')).toBe(1);
  });

  it('registers an account with its first session, or neither', async () => {
    const undo = await refuse('sessions', 'INSERT');
    const failed = await test.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { username: 'half_made', email: 'half@example.com', password: 'secret123' },
    });
    await undo();
    expect(failed.statusCode).toBe(500);
    const users = await test.app.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'half_made')
      .execute();
    expect(users).toHaveLength(0);
  });
});
