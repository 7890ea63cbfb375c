import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImageRef, Post } from '../../../contract/post.ts';
import {
  createTestApp,
  makeAdmin,
  registerUser,
  testDatabases,
} from '../../../tests/helpers/test-app.ts';
import type { TestApp } from '../../../tests/helpers/test-app.ts';
import { insertPost, setPremiumEnd } from '../../../tests/helpers/payment-fixtures.ts';
import { publishedPost, uploadImage } from '../../../tests/helpers/notes-test-kit.ts';
import { createUploadGrants } from './upload-grants.ts';

const SECRET = 'PAIDPARTMARKER';
const DAY = 24 * 60 * 60 * 1000;

type User = Awaited<ReturnType<typeof registerUser>>;

/**
 * The paywall as readers meet it: whatever a caller asks for (the note, a feed or profile card,
 * a search result, a batch sub-request, an image or its variant), the paid part goes only to
 * buyers, the author, premium members and admins.
 */
describe.each(testDatabases)('paid notes behind the paywall on %s', (kind) => {
  let t: TestApp;
  let author: User;
  let stranger: User;
  let buyer: User;
  let member: User;
  let admin: User;
  let note: Post;
  let images: ImageRef[];

  const get = (url: string, who: User | null) =>
    t.app.inject({ method: 'GET', url, headers: who?.auth ?? {} });
  const nameOf = (url: string) => url.split('/').pop()!.split('?')[0];

  beforeAll(async () => {
    t = await createTestApp(kind);
    [author, stranger, buyer, member, admin] = await Promise.all(
      ['author', 'stranger', 'buyer', 'member', 'admin'].map((prefix) =>
        registerUser(t.app, prefix),
      ),
    );
    await makeAdmin(t.app, admin.user.id);
    await setPremiumEnd(t.app, member.user.id, Date.now() + DAY);
    images = await Promise.all([1, 2, 3].map(() => uploadImage(t.app, author.auth)));
    const content = [
      '这篇笔记讲清楚提示词工程的三个层次，开头部分免费阅读。',
      `![图二](${images[1].url})`,
      ...Array.from({ length: 8 }, (_, index) => `第 ${index + 1} 节：背景、思路与常见误区。`),
      // The second half is what buyers pay for.
      ...Array.from({ length: 8 }, (_, index) => `付费第 ${index + 1} 节：${SECRET} 的完整示例。`),
    ].join('\n\n');
    note = await publishedPost(t.app, author.auth, admin.auth, {
      title: '提示词工程进阶',
      content,
      images: images.map((image) => ({ url: image.url })),
      price: 9.9,
    });
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/payments/orders',
      headers: buyer.auth,
      payload: { kind: 'post', postId: note.id },
    });
    const confirm = await t.app.inject({
      method: 'POST',
      url: order.json().payment.confirmUrl,
      headers: buyer.auth,
    });
    expect(confirm.json().order.status).toBe('paid');
  });
  afterAll(() => t.close());

  it('sends a non-buyer the preview and the first image only', async () => {
    for (const who of [null, stranger]) {
      const response = await get(`/api/posts/${note.id}`, who);
      expect(response.statusCode).toBe(200);
      const body = response.json<Post>();
      expect(body).toMatchObject({ canRead: false, isPaid: false, price: 9.9 });
      expect(body.content).toContain('开头部分免费阅读');
      expect(body.images.map((image) => image.url)).toEqual([images[0].url]);
      expect(response.body).not.toContain(SECRET);
      expect(response.body).not.toContain(nameOf(images[1].url));
      expect(response.body).not.toContain(nameOf(images[2].url));
    }
  });

  it('keeps the paid part out of feeds, profiles, search and batch sub-requests', async () => {
    const urls = [
      '/api/posts',
      `/api/posts?search=${encodeURIComponent('提示词')}`,
      `/api/posts/user/${author.user.id}`,
    ];
    for (const url of urls) {
      const response = await get(url, stranger);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('提示词工程进阶');
      expect(response.body, url).not.toContain(SECRET);
    }
    const batch = await t.app.inject({
      method: 'POST',
      url: '/api/batch',
      headers: stranger.auth,
      payload: {
        requests: [
          { id: 'note', url: `/api/posts/${note.id}`, method: 'GET' },
          { id: 'feed', url: '/api/posts', method: 'GET' },
        ],
      },
    });
    expect(batch.statusCode).toBe(200);
    expect(batch.json().results.map((result: { status: number }) => result.status)).toEqual([
      200, 200,
    ]);
    expect(batch.body).not.toContain(SECRET);
    expect(batch.body).not.toContain(nameOf(images[2].url));
  });

  it('refuses a non-buyer the paid images and their variants, not the first image', async () => {
    for (const who of [null, stranger]) {
      for (const image of [images[1], images[2]]) {
        expect((await get(image.url, who)).statusCode).toBe(403);
        expect((await get(`${image.url}?w=320&q=0.6`, who)).statusCode).toBe(403);
      }
      const first = await get(`${images[0].url}?w=320`, who);
      expect(first.statusCode).toBe(200);
      expect(first.headers['cache-control']).toContain('public');
    }
  });

  it('sends the whole note to the buyer, the author, a member and an admin', async () => {
    for (const who of [buyer, author, member, admin]) {
      const response = await get(`/api/posts/${note.id}`, who);
      const body = response.json<Post>();
      expect(body.canRead).toBe(true);
      expect(body.content).toContain(SECRET);
      expect(body.images).toHaveLength(3);
    }
    expect((await get(`/api/posts/${note.id}`, buyer)).json().isPaid).toBe(true);
    expect((await get(`/api/posts/${note.id}`, member)).json().isPaid).toBe(true);
    expect((await get(`/api/posts/${note.id}`, author)).json().isPaid).toBe(false);
  });

  it('keeps the paid part from those asking in the same turn as its readers', async () => {
    // The note pages asked for in one turn are one query's rows (note-page-reads.ts).
    const readers = [buyer, null, author, stranger, member, null, admin, stranger];
    const responses = await Promise.all(readers.map((who) => get(`/api/posts/${note.id}`, who)));
    responses.forEach((response, at) => {
      const mayRead = readers[at] !== null && readers[at] !== stranger;
      expect(response.statusCode).toBe(200);
      expect(response.json<Post>().canRead).toBe(mayRead);
      expect(response.body.includes(SECRET)).toBe(mayRead);
      expect(response.body.includes(nameOf(images[2].url))).toBe(mayRead);
    });
  });

  it('gives readers image URLs whose grant works without a token, for variants too', async () => {
    const body = (await get(`/api/posts/${note.id}`, buyer)).json<Post>();
    const paid = body.images[2].url;
    expect(paid).toMatch(/\?e=\d+&s=/);
    expect(body.content).toMatch(new RegExp(`${nameOf(images[1].url)}\\?e=\\d+&s=`));
    const original = await get(paid, null);
    expect(original.statusCode).toBe(200);
    expect(original.headers['cache-control']).toContain('private');
    expect((await get(`${paid}&w=320`, null)).statusCode).toBe(200);
    const forged = paid.replace(/s=[^&]+/, 's=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect((await get(forged, null)).statusCode).toBe(403);
    const otherImage = paid.replace(nameOf(images[2].url), nameOf(images[1].url));
    expect((await get(otherImage, null)).statusCode).toBe(403);
    // A bearer token of a reader works as well as a grant.
    expect((await get(images[2].url, member)).statusCode).toBe(200);
  });

  it('lets grants expire', () => {
    const grants = createUploadGrants(t.config.jwtSecret);
    const longAgo = Date.now() - 30 * DAY;
    const old = grants.grant('x.png', longAgo);
    expect(grants.isValid('x.png', old, longAgo)).toBe(true);
    expect(grants.isValid('x.png', old)).toBe(false);
    expect(grants.isValid('x.png', grants.grant('x.png'), Date.now() + 6 * DAY)).toBe(true);
  });

  it('answers readablePostIds for a page of notes in one go', async () => {
    const free = await insertPost(t.app, { authorId: author.user.id, priceYuan: 0 });
    const other = await insertPost(t.app, { authorId: author.user.id, priceYuan: 3 });
    const posts = [note.id, free, other].map((id) => ({
      id: Number(id),
      author_id: Number(author.user.id),
      price_cents: id === free ? 0 : 990,
    }));
    const viewerOf = (who: User, flags: { isAdmin?: boolean; isPremium?: boolean } = {}) => ({
      id: Number(who.user.id),
      isAdmin: flags.isAdmin ?? false,
      isPremium: flags.isPremium ?? false,
    });
    const readable = async (viewer: ReturnType<typeof viewerOf> | null) =>
      [...(await t.app.services.paywall.readablePostIds(viewer, posts))].sort((a, b) => a - b);
    const all = posts.map((post) => post.id).sort((a, b) => a - b);
    expect(await readable(null)).toEqual([Number(free)]);
    expect(await readable(viewerOf(stranger))).toEqual([Number(free)]);
    expect(await readable(viewerOf(buyer))).toEqual(
      [Number(note.id), Number(free)].sort((a, b) => a - b),
    );
    expect(await readable(viewerOf(author))).toEqual(all);
    expect(await readable(viewerOf(member, { isPremium: true }))).toEqual(all);
    expect(await readable(viewerOf(admin, { isAdmin: true }))).toEqual(all);
  });
});
