import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3 } from '../../../tests/helpers/s3-server.ts';
import type { TestS3 } from '../../../tests/helpers/s3-server.ts';
import { createTestApp, registerUser, testDatabases } from '../../../tests/helpers/test-app.ts';
import type { TestApp } from '../../../tests/helpers/test-app.ts';
import { makeImage, uploadImage } from '../../../tests/helpers/notes-test-kit.ts';
import { variantKey } from '../uploads/variants.ts';
import { createS3Storage } from './s3-storage.ts';

describe.each(testDatabases)('uploads on S3-compatible storage (%s)', (kind) => {
  let s3: TestS3;
  let t: TestApp;
  let bucket: ReturnType<typeof createS3Storage>;
  beforeAll(async () => {
    s3 = await startTestS3();
    t = await createTestApp(kind, { s3: s3.config });
    bucket = createS3Storage(s3.config);
  });
  afterAll(async () => {
    bucket.close();
    await t.close();
    await s3.close();
  });

  it('keeps originals and variants in the bucket, none on local disk', async () => {
    const user = await registerUser(t.app, 's3user');
    const data = await makeImage('png', 800, 600);
    const image = await uploadImage(t.app, user.auth, data);
    const name = image.url.split('/').pop()!;
    expect((await bucket.get(name))?.equals(data)).toBe(true);

    const original = await t.app.inject({ url: image.url });
    expect(original.statusCode).toBe(200);
    expect(original.rawPayload.equals(data)).toBe(true);

    const variant = await t.app.inject({
      url: `${image.url}?w=320`,
      headers: { accept: 'image/webp' },
    });
    expect(variant.statusCode).toBe(200);
    expect(variant.headers['content-type']).toBe('image/webp');
    const stored = await bucket.get(variantKey(name, { width: 320, quality: 82, format: 'webp' }));
    expect(stored?.equals(variant.rawPayload)).toBe(true);

    const uploadsDir = path.join(t.dataDir, 'uploads');
    expect(existsSync(uploadsDir) ? readdirSync(uploadsDir) : []).toEqual([]);
  });

  it('serves a variant another instance made from the bucket, without the original', async () => {
    const user = await registerUser(t.app, 's3twice');
    const image = await uploadImage(t.app, user.auth, await makeImage('png', 700, 500));
    const name = image.url.split('/').pop()!;
    const key = variantKey(name, { width: 480, quality: 82, format: 'webp' });
    // What another instance would have stored: a marker the renderer would never produce.
    const marker = Buffer.from('made-by-another-instance');
    await bucket.put(key, marker);
    await bucket.delete(name);
    const variant = await t.app.inject({
      url: `${image.url}?w=480`,
      headers: { accept: 'image/webp' },
    });
    expect(variant.statusCode).toBe(200);
    expect(variant.rawPayload.equals(marker)).toBe(true);
  });
});
