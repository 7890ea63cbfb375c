import { CompiledQuery } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeAdmin, registerUser } from '../../../tests/helpers/test-app.ts';
import type { TestApp } from '../../../tests/helpers/test-app.ts';
import { publishedPost, review } from '../../../tests/helpers/notes-test-kit.ts';
import { openDatabase } from '../../db/database.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { createPostingsThread } from '../../db/postings-thread.ts';
import type { PostingsThread } from '../../db/postings-thread.ts';
import { readNoteCounts } from '../../db/note-counts.js';
import {
  createPostgresPostings,
  noteCountBytes,
  POSTGRES_POSTINGS_SQL,
} from './postgres-postings.ts';
import { createSearchIndex } from './search-index.ts';
import type { SearchIndex } from './search-index.ts';
import { lexemeCounts } from './search-changes.ts';

type User = Awaited<ReturnType<typeof registerUser>>;

describe('lexemeCounts', () => {
  it("counts each lexeme's positions in a tsvector's text", () => {
    expect(lexemeCounts("'ai':3 'it''s':1,7 '编程':2,4,9 'bare'")).toEqual(
      new Map([
        ['ai', 1],
        ["it's", 2],
        ['编程', 3],
        ['bare', 1],
      ]),
    );
  });
});

/**
 * Another instance on the same database: its own postings in memory, learning of the writes made
 * through the app only from PostgreSQL (search_index_changes).
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('search postings on PostgreSQL', () => {
  let test: TestApp;
  let other: DatabaseHandle;
  let otherIndex: SearchIndex;
  let admin: User;
  let author: User;
  const page = { offset: 0, limit: 20 };
  const rankOn = async (index: SearchIndex, ...words: string[]) =>
    (await index.rankText!(words.join(' '), page, 1000)).ranking!;

  beforeAll(async () => {
    test = await createTestApp('postgres');
    admin = await registerUser(test.app, 'admin');
    await makeAdmin(test.app, admin.user.id);
    author = await registerUser(test.app, 'author');
    other = openDatabase({ databaseUrl: test.config.databaseUrl, dataDir: test.dataDir });
    otherIndex = createSearchIndex(other.db, 'postgres', { postings: other.postings });
  });
  afterAll(async () => {
    await other.close();
    await test.close();
  });

  const publish = (title: string) =>
    publishedPost(test.app, author.auth, admin.auth, { title, content: '一篇测试笔记的正文。' });

  it('finds a note published through one instance on another, and loses it when hidden or deleted', async () => {
    const kept = await publish('咖啡 拉花 教程');
    // The other instance holds the postings of 咖啡 from now on.
    expect((await rankOn(otherIndex, '咖啡')).ids).toEqual([Number(kept.id)]);

    const added = await publish('咖啡 烘焙 笔记');
    const both = await rankOn(otherIndex, '咖啡', '烘焙');
    expect(both.ids).toEqual([Number(added.id), Number(kept.id)]);
    expect(both.total).toBe(2);

    await review(test.app, admin.auth, added.id, 'rejected', '重复内容');
    expect((await rankOn(otherIndex, '咖啡', '烘焙')).ids).toEqual([Number(kept.id)]);

    const removed = await test.app.inject({
      method: 'DELETE',
      url: `/api/posts/${kept.id}`,
      headers: author.auth,
    });
    expect(removed.statusCode).toBeLessThan(300);
    expect(await rankOn(otherIndex, '咖啡')).toEqual({ ids: [], total: 0 });
  });

  it('ranks as SQLite does: notes holding every word first, then by BM25', async () => {
    const one = await publish('摄影 入门');
    const two = await publish('摄影 摄影 夜景 构图');
    const three = await publish('夜景 随想');
    const ranked = await rankOn(otherIndex, '摄影', '夜景');
    expect(ranked.ids[0]).toBe(Number(two.id));
    expect(ranked.ids.slice(1).sort()).toEqual([Number(one.id), Number(three.id)].sort());
    // The app's own instance ranks the same.
    const own = await test.app.inject({
      url: `/api/posts?search=${encodeURIComponent('摄影 夜景')}`,
    });
    expect(own.json<{ posts: { id: string }[] }>().posts.map((post) => Number(post.id))).toEqual(
      ranked.ids,
    );
  });

  it('sees a write of a transaction that commits after a later one was read', async () => {
    const early = await publish('占位 标题 一');
    const late = await publish('占位 标题 二');
    await rankOn(otherIndex, '甲骨文');
    const first = new pg.Client({ connectionString: test.config.databaseUrl! });
    const second = new pg.Client({ connectionString: test.config.databaseUrl! });
    await Promise.all([first.connect(), second.connect()]);
    try {
      // `first` takes its transaction id before `second` does, and commits after it.
      await first.query('BEGIN');
      await first.query('SELECT pg_current_xact_id()');
      await second.query("UPDATE post_fts SET words = '甲骨文:1'::tsvector WHERE post_id = $1", [
        late.id,
      ]);
      expect((await rankOn(otherIndex, '甲骨文')).ids).toEqual([Number(late.id)]);
      await first.query(
        "UPDATE post_fts SET words = '甲骨文:1 甲骨文:2'::tsvector WHERE post_id = $1",
        [early.id],
      );
      await first.query('COMMIT');
      expect((await rankOn(otherIndex, '甲骨文')).ids).toEqual([Number(early.id), Number(late.id)]);
    } finally {
      await Promise.all([first.end(), second.end()]);
    }
  });

  it("hands each word's postings and every note's length over as one value, six bytes a note", async () => {
    const [once, often] = [await publish('字节 编码 笔记'), await publish('字节 字节 字节')];
    const rows = async <T>(text: string, params: unknown[] = []) =>
      (await other.db.executeQuery<T>(CompiledQuery.raw(text, params))).rows;
    const pairs = (read: ReturnType<typeof readNoteCounts>) =>
      [...read.notes].map((note, at) => [note, read.counts[at]]);

    const postings = await rows<{ word: string; postings: string | null }>(
      POSTGRES_POSTINGS_SQL.postings,
      [['字节', '无人写过']],
    );
    expect(postings.map((row) => [row.word, row.postings === null])).toEqual([
      ['字节', false],
      ['无人写过', true],
    ]);
    const held = await rows<{ post_id: string; words: string }>(
      "SELECT post_id, words::text AS words FROM post_fts WHERE words @@ '字节'::tsquery ORDER BY post_id",
    );
    expect(held.map((row) => Number(row.post_id))).toEqual([Number(once.id), Number(often.id)]);
    expect(pairs(readNoteCounts(noteCountBytes(postings[0].postings)!, 0))).toEqual(
      held.map((row) => [Number(row.post_id), lexemeCounts(row.words).get('字节')]),
    );

    const lengths = await rows<{ lengths: string }>(POSTGRES_POSTINGS_SQL.lengths);
    expect(lengths).toHaveLength(1);
    const each = await rows<{ post_id: string; words_length: number }>(
      'SELECT post_id, words_length FROM post_fts',
    );
    expect(
      new Map(pairs(readNoteCounts(noteCountBytes(lengths[0].lengths)!, 0)) as [number, number][]),
    ).toEqual(new Map(each.map((row) => [Number(row.post_id), row.words_length])));
    // PostgreSQL's base64 breaks into lines of 76 characters, which the decoding reads past.
    const [broken] = await rows<{ text: string }>(
      "SELECT encode(decode(repeat('ab', 100), 'hex'), 'base64') AS text",
    );
    expect(broken.text).toContain('\n');
    const decoded = noteCountBytes(broken.text)!;
    expect(decoded).toEqual(Buffer.alloc(100, 0xab));
    // Decoded where the ranker's thread reads it, not copied there.
    expect(decoded.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(noteCountBytes(null)).toBeNull();
  });

  it("keeps each word's notes as the notes' words are: written, edited, hidden, deleted", async () => {
    const rows = async <T>(text: string) =>
      (await other.db.executeQuery<T>(CompiledQuery.raw(text))).rows;
    // Every word of every indexed note but single ideographs, with its count, and no other row.
    const differences = () =>
      rows<{ word: string }>(`SELECT word FROM (
        (SELECT word, post_id, count FROM search_word_notes
          EXCEPT SELECT lexeme, post_id, least(coalesce(array_length(positions, 1), 1), 32767)
            FROM post_fts, unnest(words) WHERE length(lexeme) > 1 OR lexeme !~ '^[一-鿿]$')
        UNION ALL
        (SELECT lexeme, post_id, least(coalesce(array_length(positions, 1), 1), 32767)
            FROM post_fts, unnest(words) WHERE length(lexeme) > 1 OR lexeme !~ '^[一-鿿]$'
          EXCEPT SELECT word, post_id, count FROM search_word_notes)) AS differing`);
    const notesOf = async (word: string) =>
      (
        await rows<{ post_id: string }>(
          `SELECT post_id FROM search_word_notes WHERE word = '${word}' ORDER BY post_id`,
        )
      ).map((row) => Number(row.post_id));

    const first = await publish('索引 维护 的 测试');
    const second = await publish('索引 索引 删除');
    const third = await publish('索引 隐藏');
    expect(await notesOf('索引')).toEqual([first, second, third].map((note) => Number(note.id)));
    expect(await notesOf('的')).toEqual([]);
    const edited = await test.app.inject({
      method: 'PUT',
      url: `/api/posts/${first.id}`,
      headers: author.auth,
      payload: { title: '维护 改名', content: '正文换了。' },
    });
    expect(edited.statusCode).toBeLessThan(300);
    // An edited note goes back to review; approved again, it is indexed with its new words.
    await review(test.app, admin.auth, first.id, 'approved');
    await review(test.app, admin.auth, third.id, 'rejected', '重复内容');
    const removed = await test.app.inject({
      method: 'DELETE',
      url: `/api/posts/${second.id}`,
      headers: author.auth,
    });
    expect(removed.statusCode).toBeLessThan(300);
    expect(await notesOf('索引')).toEqual([]);
    expect(await notesOf('改名')).toEqual([Number(first.id)]);
    expect(await differences()).toEqual([]);
  });

  it('reads the lengths and the words once for many concurrent searches, the words together', async () => {
    const [first, second] = [await publish('并发 读取 笔记'), await publish('并发 笔记')];
    const statements: string[] = [];
    // The database as the ranker sees it, counting the statements it runs.
    const counting = new Proxy(other.db, {
      get(target, key) {
        const value: unknown = Reflect.get(target, key);
        if (key === 'executeQuery') {
          return (query: CompiledQuery) => {
            statements.push(query.sql);
            return target.executeQuery(query);
          };
        }
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    // A thread of its own: the other instance's already holds the lengths.
    const thread = createPostingsThread();
    const postings = createPostgresPostings(counting, thread);
    const rankings = await Promise.all(
      Array.from({ length: 20 }, () => postings.rankText('并发 读取', page, 1000)),
    ).finally(() => thread.close());
    for (const { ranking } of rankings) {
      expect(ranking).toEqual({ ids: [Number(first.id), Number(second.id)], total: 2 });
    }
    const runs = (statement: string) => statements.filter((text) => text === statement).length;
    expect(runs(POSTGRES_POSTINGS_SQL.lengths)).toBe(1);
    // Both words lacked by the searches of one turn, in one statement.
    expect(runs(POSTGRES_POSTINGS_SQL.postings)).toBe(1);
  });

  it('sends the changed notes again when the task that carried them never reached the thread', async () => {
    const thread = createPostingsThread();
    let lost = 0;
    // The first notes sent are lost, as when the task carrying them is refused by a full queue.
    const losing: PostingsThread = {
      rank: (task) => {
        if (!task.changed || lost > 0) return thread.rank(task);
        lost += 1;
        return thread.rank({ ...task, changed: null });
      },
      alive: 1,
      close: () => thread.close(),
    };
    const postings = createPostgresPostings(other.db, losing);
    try {
      // Its first look at the changes: only writes after it are read as changes.
      await postings.rankText('失物 招领', page, 1000);
      const note = await publish('失物 招领 启事');
      const { ranking } = await postings.rankText('失物 招领', page, 1000);
      expect(ranking).toEqual({ ids: [Number(note.id)], total: 1 });
      expect(lost).toBe(1);
    } finally {
      await thread.close();
    }
  });
});
