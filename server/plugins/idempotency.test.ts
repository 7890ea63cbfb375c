import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorText } from '../../contract/messages.ts';
import type { LikeResult } from '../../contract/post.ts';
import {
  createTestApp,
  makeAdmin,
  registerUser,
  testDatabases,
} from '../../tests/helpers/test-app.ts';
import type { TestApp } from '../../tests/helpers/test-app.ts';
import { publishedPost } from '../../tests/helpers/notes-test-kit.ts';
import type { Post } from '../../contract/post.ts';
import { ABANDONED_AFTER_MS } from './claim-leases.ts';
import { expiredKeys, findKeyRow, IDEMPOTENCY_TTL_MS } from './idempotency.ts';

type User = Awaited<ReturnType<typeof registerUser>>;

describe.each(testDatabases)('Idempotency-Key on writes (%s)', (kind) => {
  let test: TestApp;
  let reader: User;
  let author: User;
  let admin: User;
  let postId: string;

  beforeAll(async () => {
    test = await createTestApp(kind);
    reader = await registerUser(test.app, 'reader');
    author = await registerUser(test.app, 'author');
    admin = await registerUser(test.app, 'admin');
    await makeAdmin(test.app, admin.user.id);
    postId = (await publishedPost(test.app, author.auth, admin.auth)).id;
  });
  afterAll(() => test.close());

  const send = (
    method: 'POST' | 'PUT' | 'DELETE',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => test.app.inject({ method, url, headers, payload });
  const likeCount = async () => {
    const row = await test.app.db
      .selectFrom('posts')
      .select('likes_count')
      .where('id', '=', Number(postId))
      .executeTakeFirstOrThrow();
    return row.likes_count;
  };

  it('answers every duplicate of a like, even sent at once, with the first result', async () => {
    const headers = { ...reader.auth, 'idempotency-key': 'like-once' };
    const before = await likeCount();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => send('POST', `/api/posts/${postId}/like`, headers)),
    );
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json<LikeResult>()).toEqual({ liked: true, likesCount: before + 1 });
    }
    expect(answers.filter((answer) => answer.headers['idempotent-replayed'])).toHaveLength(4);
    expect(await likeCount()).toBe(before + 1);

    // A new key is a new toggle.
    const again = await send('POST', `/api/posts/${postId}/like`, {
      ...reader.auth,
      'idempotency-key': 'like-twice',
    });
    expect(again.json<LikeResult>()).toEqual({ liked: false, likesCount: before });
  });

  it('refuses a key sent again with another request, and a malformed key', async () => {
    const headers = { ...reader.auth, 'idempotency-key': 'comment-1' };
    const first = await send('POST', `/api/posts/${postId}/comments`, headers, { content: '一' });
    expect(first.statusCode).toBe(201);
    const other = await send('POST', `/api/posts/${postId}/comments`, headers, { content: '二' });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ error: errorText.idempotencyKeyReused });

    const bad = await send('POST', `/api/posts/${postId}/like`, {
      ...reader.auth,
      'idempotency-key': 'a b',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: errorText.idempotencyKeyInvalid });
  });

  it('replays a refusal too, but not an answer that said nothing about the write', async () => {
    const missing = { ...reader.auth, 'idempotency-key': 'like-missing' };
    const first = await send('POST', '/api/posts/999999/like', missing);
    expect(first.statusCode).toBe(404);
    const second = await send('POST', '/api/posts/999999/like', missing);
    expect(second.statusCode).toBe(404);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replayed']).toBe('true');

    // Signed out, the 401 is not kept: the same key works once the caller can be served.
    const anonymous = await send('POST', `/api/posts/${postId}/favorite`, {
      'idempotency-key': 'favorite-after-login',
    });
    expect(anonymous.statusCode).toBe(401);
    const row = await findKeyRow(
      test.app.db,
      'a:127.0.0.1',
      'favorite-after-login',
    ).executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('keeps keys apart per user, and per address before sign-in', async () => {
    const key = { 'idempotency-key': 'shared-key' };
    const mine = await send('PUT', `/api/posts/${postId}/favorite`, { ...reader.auth, ...key });
    const theirs = await send('PUT', `/api/posts/${postId}/favorite`, { ...admin.auth, ...key });
    expect(mine.json()).toMatchObject({ favorited: true });
    expect(theirs.json()).toMatchObject({ favorited: true });
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();

    const payload = { username: 'keyed_signup', email: 'keyed@example.com', password: 'secret123' };
    const signUp = { 'idempotency-key': 'signup-1' };
    const first = await send('POST', '/api/auth/register', signUp, payload);
    const second = await send('POST', '/api/auth/register', signUp, payload);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
  });

  it('sets a like or favorite with PUT and DELETE, however often they are sent', async () => {
    const url = `/api/posts/${postId}/like`;
    const before = await likeCount();
    const on = await send('PUT', url, author.auth);
    const stillOn = await send('PUT', url, author.auth);
    expect(on.json<LikeResult>()).toEqual({ liked: true, likesCount: before + 1 });
    expect(stillOn.json<LikeResult>()).toEqual({ liked: true, likesCount: before + 1 });
    const off = await send('DELETE', url, author.auth);
    const stillOff = await send('DELETE', url, author.auth);
    expect(off.json<LikeResult>()).toEqual({ liked: false, likesCount: before });
    expect(stillOff.json<LikeResult>()).toEqual({ liked: false, likesCount: before });

    const favorite = `/api/posts/${postId}/favorite`;
    expect((await send('PUT', favorite, author.auth)).json()).toMatchObject({ favorited: true });
    expect((await send('DELETE', favorite, author.auth)).json()).toMatchObject({
      favorited: false,
    });
    const refused = await send('PUT', '/api/posts/null/like', author.auth);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: errorText.likeInvalidId });
  });

  it('honours the key of each write inside a batch', async () => {
    const batch = () =>
      send('POST', '/api/batch', reader.auth, {
        requests: [
          {
            id: 1,
            url: `/api/posts/${postId}/comments`,
            method: 'POST',
            data: { content: '批量里的评论' },
            headers: { 'idempotency-key': 'batch-comment' },
          },
        ],
      });
    const count = async () =>
      Number(
        (
          await test.app.db
            .selectFrom('comments')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('content', '=', '批量里的评论')
            .executeTakeFirstOrThrow()
        ).n,
      );
    const first = await batch();
    const second = await batch();
    expect(first.json()).toEqual(second.json());
    expect(await count()).toBe(1);
  });

  /** As a process killed after its write committed and before its answer was stored leaves it. */
  const loseAnswer = (scope: string, key: string) =>
    test.app.db
      .updateTable('idempotency_keys')
      .set({
        status: null,
        content_type: null,
        response: null,
        created_at: Date.now() - ABANDONED_AFTER_MS - 1,
      })
      .where('scope', '=', scope)
      .where('key', '=', key)
      .execute();
  const postsTitled = async (title: string) =>
    (
      await test.app.db
        .selectFrom('posts')
        .select('id')
        .where('title', '=', title)
        .where('author_id', '=', Number(author.user.id))
        .execute()
    ).map((row) => String(row.id));

  it("marks the claim in the write's own transaction, and not when the write rolled back", async () => {
    const scope = `u:${author.user.id}`;
    const title = `提交标记 ${kind}`;
    const created = await send(
      'POST',
      '/api/posts',
      { ...author.auth, 'idempotency-key': 'mark-publish' },
      { title, content: '正文。', categoryId: '1' },
    );
    expect(created.statusCode).toBe(201);
    const row = await findKeyRow(test.app.db, scope, 'mark-publish').executeTakeFirstOrThrow();
    expect(row.committed_at).toBeGreaterThan(0);
    expect(row.resource).toBe(created.json<Post>().id);

    // An image that is not the author's: refused inside the transaction, which rolls back.
    const refused = await send(
      'POST',
      '/api/posts',
      { ...author.auth, 'idempotency-key': 'mark-refused' },
      {
        title: `${title} 被拒`,
        content: '正文。',
        categoryId: '1',
        images: [{ url: '/api/uploads/not-mine.png', width: 10, height: 10 }],
      },
    );
    expect(refused.statusCode).toBe(400);
    const refusedRow = await findKeyRow(
      test.app.db,
      scope,
      'mark-refused',
    ).executeTakeFirstOrThrow();
    expect(refusedRow.committed_at).toBeNull();
    expect(await postsTitled(`${title} 被拒`)).toEqual([]);
  });

  it('answers a write whose process died after committing from what it created, never writing it twice', async () => {
    const scope = `u:${author.user.id}`;
    const title = `断电之后 ${kind}`;
    const headers = { ...author.auth, 'idempotency-key': 'publish-lost-answer' };
    const body = { title, content: '写入后进程被杀。', categoryId: '1' };
    const first = await send('POST', '/api/posts', headers, body);
    expect(first.statusCode).toBe(201);
    await loseAnswer(scope, 'publish-lost-answer');

    const retried = await send('POST', '/api/posts', headers, body);
    expect(retried.statusCode).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBe('true');
    expect(retried.json<Post>().id).toBe(first.json<Post>().id);
    expect(retried.json<Post>().title).toBe(title);
    // The recovered answer is stored: the next retry replays it.
    const again = await send('POST', '/api/posts', headers, body);
    expect(again.json()).toEqual(retried.json());
    expect(await postsTitled(title)).toEqual([first.json<Post>().id]);
  });

  it('answers a lost edit with the note as it is, without running it again', async () => {
    const scope = `u:${author.user.id}`;
    const note = await send('POST', '/api/posts', author.auth, {
      title: `改之前 ${kind}`,
      content: '旧。',
      categoryId: '1',
    });
    const id = note.json<Post>().id;
    const headers = { ...author.auth, 'idempotency-key': 'edit-lost-answer' };
    const body = { title: `改之后 ${kind}`, content: '新。', categoryId: '1' };
    expect((await send('PUT', `/api/posts/${id}`, headers, body)).statusCode).toBe(200);
    await loseAnswer(scope, 'edit-lost-answer');
    const updatedAt = async () =>
      (
        await test.app.db
          .selectFrom('posts')
          .select('updated_at')
          .where('id', '=', Number(id))
          .executeTakeFirstOrThrow()
      ).updated_at;
    const before = await updatedAt();

    const retried = await send('PUT', `/api/posts/${id}`, headers, body);
    expect(retried.statusCode).toBe(200);
    expect(retried.headers['idempotent-replayed']).toBe('true');
    expect(retried.json<Post>().title).toBe(body.title);
    expect(await updatedAt()).toBe(before);
  });

  it('runs a lost draft save again, which its clientId makes no second change', async () => {
    const scope = `u:${author.user.id}`;
    const headers = { ...author.auth, 'idempotency-key': 'draft-lost-answer' };
    const body = {
      clientId: `lost-${kind}`,
      title: '草稿',
      data: { content: '草稿正文', categoryId: '1', tags: [], images: [], price: 0 },
      editedAt: new Date(Date.UTC(2026, 0, 1)).toISOString(),
    };
    const first = await send('POST', '/api/drafts', headers, body);
    expect(first.statusCode).toBe(200);
    await loseAnswer(scope, 'draft-lost-answer');

    const retried = await send('POST', '/api/drafts', headers, body);
    expect(retried.statusCode).toBe(200);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(retried.json()).toEqual(first.json());
  });

  it('tells a retry of a committed write with no answer to recover that it was done', async () => {
    const scope = `u:${reader.user.id}`;
    const headers = { ...reader.auth, 'idempotency-key': 'comment-lost-answer' };
    const body = { content: `评论一次 ${kind}` };
    const comments = () =>
      test.app.db.selectFrom('comments').select('id').where('content', '=', body.content).execute();
    const first = await send('POST', `/api/posts/${postId}/comments`, headers, body);
    expect(first.statusCode).toBe(201);
    await loseAnswer(scope, 'comment-lost-answer');

    const retried = await send('POST', `/api/posts/${postId}/comments`, headers, body);
    expect(retried.statusCode).toBe(409);
    expect(retried.json()).toMatchObject({ error: errorText.idempotencyKeyCommitted });
    expect(await comments()).toHaveLength(1);
  });

  it('runs a write again when its claim was abandoned before anything committed', async () => {
    const scope = `u:${author.user.id}`;
    const title = `未提交 ${kind}`;
    const headers = { ...author.auth, 'idempotency-key': 'publish-never-committed' };
    const body = { title, content: '进程在提交前被杀。', categoryId: '1' };
    const first = await send('POST', '/api/posts', headers, body);
    // As a process killed before its commit leaves things: no note, a claim with no mark.
    await send('DELETE', `/api/posts/${first.json<Post>().id}`, author.auth);
    await loseAnswer(scope, 'publish-never-committed');
    await test.app.db
      .updateTable('idempotency_keys')
      .set({ committed_at: null, resource: null })
      .where('scope', '=', scope)
      .where('key', '=', 'publish-never-committed')
      .execute();

    const retried = await send('POST', '/api/posts', headers, body);
    expect(retried.statusCode).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(await postsTitled(title)).toEqual([retried.json<Post>().id]);
  });

  it('purges keys after a day', async () => {
    const now = Date.now();
    await test.app.db
      .insertInto('idempotency_keys')
      .values({
        scope: 'u:0',
        key: 'old',
        fingerprint: 'x',
        status: 200,
        content_type: null,
        response: '{}',
        created_at: now - IDEMPOTENCY_TTL_MS - 1,
        expires_at: now - 1,
      })
      .execute();
    await expiredKeys(test.app.db, now).execute();
    expect(await findKeyRow(test.app.db, 'u:0', 'old').executeTakeFirst()).toBeUndefined();
    expect(
      await findKeyRow(test.app.db, 'u:' + reader.user.id, 'like-once').executeTakeFirst(),
    ).toBeDefined();
  });

  it.runIf(kind === 'sqlite')('finds and purges keys by index', async () => {
    // The builder's own SQL and parameters, explained through the same driver.
    const explain = async (query: {
      compile(): { sql: string; parameters: readonly unknown[] };
    }) => {
      const compiled = query.compile();
      const result = await test.app.db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`EXPLAIN QUERY PLAN ${compiled.sql}`, [...compiled.parameters]),
      );
      return result.rows.map((row) => row.detail).join('\n');
    };
    expect(await explain(findKeyRow(test.app.db, 'u:1', 'k'))).toMatch(
      /USING INDEX sqlite_autoindex_idempotency_keys_1/,
    );
    expect(await explain(expiredKeys(test.app.db, Date.now()))).toMatch(
      /USING (COVERING )?INDEX idempotency_keys_expires/,
    );
  });
});
