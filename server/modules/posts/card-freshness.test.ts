import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostCard, PostList } from '../../../contract/post.ts';
import {
  createTestApp,
  makeAdmin,
  registerUser,
  testDatabases,
} from '../../../tests/helpers/test-app.ts';
import type { TestApp } from '../../../tests/helpers/test-app.ts';
import { publishedPost } from '../../../tests/helpers/notes-test-kit.ts';

type User = Awaited<ReturnType<typeof registerUser>>;

/**
 * A search page's cards are cached for 30 s (note-caches.ts): on this instance, whatever a card
 * shows of its author is new on the next search after it changes.
 */
describe.each(testDatabases)('search cards after their author changes (%s)', (kind) => {
  let test: TestApp;
  let author: User;
  let noteId: string;

  beforeAll(async () => {
    test = await createTestApp(kind);
    const admin = await registerUser(test.app, 'cardadmin');
    await makeAdmin(test.app, admin.user.id);
    author = await registerUser(test.app, 'cardauthor');
    noteId = (
      await publishedPost(test.app, author.auth, admin.auth, {
        title: '手冲咖啡的研磨度',
        content: '研磨度决定萃取的快慢。',
      })
    ).id;
  });
  afterAll(() => test.close());

  const searchCard = async (): Promise<PostCard> => {
    const response = await test.app.inject({
      url: `/api/posts?search=${encodeURIComponent('研磨度')}`,
    });
    expect(response.statusCode).toBe(200);
    const [card] = response.json<PostList>().posts;
    expect(card?.id).toBe(noteId);
    return card;
  };
  const send = async (method: 'PUT' | 'POST', url: string, payload: object) => {
    const response = await test.app.inject({ method, url, payload, headers: author.auth });
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };

  it('shows a new name and avatar at once', async () => {
    expect((await searchCard()).author.username).toBe(author.user.username);
    await send('PUT', '/api/auth/me', { username: 'cardauthor2', avatar: '/uploads/new.png' });
    const card = await searchCard();
    expect(card.author.username).toBe('cardauthor2');
    expect(card.author.avatar).toBe('/uploads/new.png');
  });

  it('shows the note pinned, then unpinned, at once', async () => {
    expect((await searchCard()).isPinned).toBe(false);
    await send('POST', '/api/users/pin-post', { postId: noteId });
    expect((await searchCard()).isPinned).toBe(true);
    await send('POST', '/api/users/unpin-post', { postId: noteId });
    expect((await searchCard()).isPinned).toBe(false);
  });

  it('shows the member badge once a membership is paid', async () => {
    expect((await searchCard()).author.isPremium).toBe(false);
    const ordered = await send('POST', '/api/payments/orders', {
      kind: 'membership',
      planId: 'month',
    });
    const { payment } = ordered.json<{ payment: { confirmUrl: string } }>();
    await send('POST', payment.confirmUrl, {});
    expect((await searchCard()).author.isPremium).toBe(true);
  });
});
