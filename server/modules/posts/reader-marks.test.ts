import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inOwnCallbacks } from '../../../tests/helpers/own-callbacks.ts';
import { queryCounter } from '../../../tests/helpers/query-counter.ts';
import type { Post } from '../../../contract/post.ts';
import {
  createTestApp,
  makeAdmin,
  registerUser,
  testDatabases,
} from '../../../tests/helpers/test-app.ts';
import type { TestApp } from '../../../tests/helpers/test-app.ts';
import { publishedPost } from '../../../tests/helpers/notes-test-kit.ts';
import type { Viewer } from '../users/viewer.ts';
import { batchedReaderMarks } from './reader-marks.ts';

type User = Awaited<ReturnType<typeof registerUser>>;

describe.each(testDatabases)("signed-in readers' likes and favorites on %s", (kind) => {
  let t: TestApp;
  let readers: User[];
  let viewers: Viewer[];
  let notes: number[];

  beforeAll(async () => {
    t = await createTestApp(kind);
    const [author, admin, ...others] = await Promise.all(
      ['author', 'admin', 'ann', 'bo', 'cy'].map((prefix) => registerUser(t.app, prefix)),
    );
    readers = others;
    await makeAdmin(t.app, admin.user.id);
    notes = [];
    for (const title of ['第一篇', '第二篇', '第三篇']) {
      const note = await publishedPost(t.app, author.auth, admin.auth, { title });
      notes.push(Number(note.id));
    }
    const mark = (who: User, note: number, what: 'like' | 'favorite') =>
      t.app.inject({ method: 'POST', url: `/api/posts/${note}/${what}`, headers: who.auth });
    await mark(readers[0], notes[0], 'like');
    await mark(readers[0], notes[1], 'favorite');
    await mark(readers[1], notes[1], 'like');
    await mark(readers[1], notes[1], 'favorite');
    viewers = await Promise.all(
      readers.map(async (reader) => (await t.app.viewerOfToken(reader.token))!),
    );
  });

  afterAll(() => t.close());

  it("answers the requests of one turn with one query, each with its reader's own marks", async () => {
    const counter = queryCounter();
    const marks = batchedReaderMarks(t.app.db.withPlugin(counter.plugin), t.app.dialect);
    const asked = [
      { viewer: viewers[0], ids: notes },
      { viewer: viewers[1], ids: [notes[1], notes[2], notes[1]] },
      { viewer: viewers[2], ids: notes },
      { viewer: viewers[0], ids: [notes[2]] },
    ];
    const found = await inOwnCallbacks(
      asked.map(
        ({ viewer, ids }) =>
          () =>
            marks.among(viewer.id, ids),
      ),
    );
    expect(counter.queries).toBe(1);
    const sorted = (set: Set<number>) => [...set].sort();
    expect(found.map(({ liked }) => sorted(liked))).toEqual([[notes[0]], [notes[1]], [], []]);
    expect(found.map(({ favorited }) => sorted(favorited))).toEqual([
      [notes[1]],
      [notes[1]],
      [],
      [],
    ]);
    // A later turn is a query of its own and sees the writes since.
    await t.app.inject({
      method: 'POST',
      url: `/api/posts/${notes[2]}/like`,
      headers: readers[2].auth,
    });
    const later = await marks.among(viewers[2].id, notes);
    expect(counter.queries).toBe(2);
    expect(sorted(later.liked)).toEqual([notes[2]]);
  });

  it('shows each reader of a note page their own marks when they ask at once', async () => {
    const pages = await Promise.all(
      [...viewers, null].map((viewer) => t.app.services.posts.get(notes[1], viewer)),
    );
    const flags = (page: Post) => [page.isLiked, page.isFavorited];
    expect(pages.map(flags)).toEqual([
      [false, true],
      [true, true],
      [false, false],
      [false, false],
    ]);
  });

  it('asks nothing for a page without notes', async () => {
    const counter = queryCounter();
    const marks = batchedReaderMarks(t.app.db.withPlugin(counter.plugin), t.app.dialect);
    const found = await marks.among(viewers[0].id, []);
    expect([found.liked.size, found.favorited.size, counter.queries]).toEqual([0, 0, 0]);
  });
});
