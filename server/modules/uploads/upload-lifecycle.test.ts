import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorText } from '../../../contract/messages.ts';
import type { ImageRef } from '../../../contract/post.ts';
import { createTestApp, registerUser, testDatabases } from '../../../tests/helpers/test-app.ts';
import type { TestApp } from '../../../tests/helpers/test-app.ts';
import {
  createPost,
  makeImage,
  multipart,
  uploadImage,
} from '../../../tests/helpers/notes-test-kit.ts';
import { sweepUnattachedUploads } from './upload-cleanup.ts';
import { variantPrefix } from '../storage/storage.ts';
import { createUploadQuota } from './upload-quota.ts';
import { uploadNameOf } from './upload-service.ts';

type User = Awaited<ReturnType<typeof registerUser>>;

const DAY = 24 * 60 * 60 * 1000;

describe.each(testDatabases)('the life of an upload on %s', (kind) => {
  let t: TestApp;
  let author: User;

  beforeAll(async () => {
    t = await createTestApp(kind, { uploadQuota: { dailyCount: 1000, dailyBytes: 1 << 30 } });
    author = await registerUser(t.app, 'keeper');
  });
  afterAll(() => t.close());

  const nameOf = (image: ImageRef) => uploadNameOf(image.url)!;
  const originalFile = (image: ImageRef) => path.join(t.dataDir, 'uploads', nameOf(image));
  /** The variants made of an image, stored beside it. */
  const variantFiles = (image: ImageRef) =>
    readdirSync(path.join(t.dataDir, 'uploads')).filter((name) =>
      name.startsWith(variantPrefix(nameOf(image))),
    );
  const rowOf = (image: ImageRef) =>
    t.app.db.selectFrom('uploads').selectAll().where('name', '=', nameOf(image)).executeTakeFirst();
  /** Uploads an image and has one variant of it made, as a reader's browser would. */
  async function uploadWithVariant(who: User = author): Promise<ImageRef> {
    const image = await uploadImage(t.app, who.auth, await makeImage('png', 800, 600));
    const variant = await t.app.inject({
      url: `${image.url}?w=320`,
      headers: { accept: 'image/webp' },
    });
    expect(variant.statusCode).toBe(200);
    expect(variantFiles(image)).not.toHaveLength(0);
    return image;
  }
  async function expectGone(image: ImageRef) {
    expect(await rowOf(image)).toBeUndefined();
    expect(existsSync(originalFile(image))).toBe(false);
    expect(variantFiles(image)).toEqual([]);
  }
  async function expectKept(image: ImageRef) {
    expect(await rowOf(image)).toBeDefined();
    expect(existsSync(originalFile(image))).toBe(true);
  }
  const saveDraft = (who: User, images: ImageRef[]) =>
    t.app.inject({
      method: 'POST',
      url: '/api/drafts',
      headers: who.auth,
      payload: {
        clientId: `d-${Date.now()}`,
        title: '草稿',
        data: { content: '草稿正文', categoryId: '1', tags: [], images, price: 0 },
        editedAt: new Date().toISOString(),
      },
    });
  const deletePost = (who: User, id: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/posts/${id}`, headers: who.auth });

  it('deletes a note’s images with it, unless another note or a draft still uses them', async () => {
    const only = await uploadWithVariant();
    const shared = await uploadWithVariant();
    const drafted = await uploadWithVariant();
    const first = await createPost(t.app, author.auth, { images: [only, shared, drafted] });
    const second = await createPost(t.app, author.auth, { images: [shared] });
    expect((await saveDraft(author, [drafted])).statusCode).toBe(200);

    // `shared` is linked to the later note; deleting that one first must not lose it.
    expect((await deletePost(author, second.id)).statusCode).toBe(200);
    await expectKept(shared);
    expect((await rowOf(shared))?.post_id).toBe(Number(first.id));

    expect((await deletePost(author, first.id)).statusCode).toBe(200);
    await expectGone(only);
    await expectGone(shared);
    await expectKept(drafted);
  });

  it('deletes uploads never attached to a note or draft a day later, on a fixed clock', async () => {
    const abandoned = await uploadWithVariant();
    const inDraft = await uploadWithVariant();
    const published = await uploadWithVariant();
    expect((await saveDraft(author, [inDraft])).statusCode).toBe(200);
    await createPost(t.app, author.auth, { images: [published] });
    const uploadedAt = Number((await rowOf(abandoned))!.created_at);

    // Within the day nothing goes.
    expect(await sweepUnattachedUploads(t.app.db, t.app.storage, uploadedAt + DAY - 1000)).toBe(0);
    await expectKept(abandoned);

    const deleted = await sweepUnattachedUploads(t.app.db, t.app.storage, uploadedAt + DAY + 1000);
    expect(deleted).toBeGreaterThanOrEqual(1);
    await expectGone(abandoned);
    await expectKept(inDraft);
    await expectKept(published);
  });

  it('counts uploads and bytes per user and day, atomically, and starts again the next day', async () => {
    const user = await registerUser(t.app, 'quota');
    const userId = Number(user.user.id);
    const quota = createUploadQuota(t.app.db, { dailyCount: 3, dailyBytes: 1000 });
    const noon = Date.UTC(2026, 5, 1, 4); // 12:00 in Beijing

    const parallel = await Promise.allSettled(
      Array.from({ length: 12 }, () => quota.reserve(userId, 10, noon)),
    );
    expect(parallel.filter((result) => result.status === 'fulfilled')).toHaveLength(3);
    const refused = parallel.find((result) => result.status === 'rejected');
    expect(refused?.reason).toMatchObject({ status: 429, message: errorText.uploadQuotaExceeded });
    // Retry after Beijing midnight: 12 hours.
    expect(Number(refused?.reason.headers['retry-after'])).toBe(12 * 60 * 60);

    const nextDay = noon + DAY;
    await quota.reserve(userId, 600, nextDay);
    await expect(quota.reserve(userId, 500, nextDay)).rejects.toMatchObject({ status: 429 });
    await quota.reserve(userId, 400, nextDay);
    await expect(quota.reserve(userId, 1001, nextDay + DAY)).rejects.toMatchObject({
      status: 429,
    });
  });
});

describe.each(testDatabases)('the upload quota of the API on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { uploadQuota: { dailyCount: 2, dailyBytes: 1 << 30 } });
  });
  afterAll(() => t.close());

  it('answers 429 with a Chinese message past the day’s count, for that user only', async () => {
    const [heavy, light] = [await registerUser(t.app, 'heavy'), await registerUser(t.app, 'light')];
    const image = await makeImage('png');
    const upload = (who: User) => {
      const body = multipart('image', 'x.png', 'image/png', image);
      return t.app.inject({
        method: 'POST',
        url: '/api/posts/upload',
        headers: { ...who.auth, ...body.headers },
        payload: body.payload,
      });
    };
    expect((await upload(heavy)).statusCode).toBe(200);
    expect((await upload(heavy)).statusCode).toBe(200);
    const third = await upload(heavy);
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({ error: errorText.uploadQuotaExceeded });
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    expect((await upload(light)).statusCode).toBe(200);
  });
});
