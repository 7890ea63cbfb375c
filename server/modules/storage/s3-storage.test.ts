import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3 } from '../../../tests/helpers/s3-server.ts';
import type { TestS3 } from '../../../tests/helpers/s3-server.ts';
import { createS3Storage } from './s3-storage.ts';

describe('S3 storage (against s3rver on loopback)', () => {
  let s3: TestS3;
  let storage: ReturnType<typeof createS3Storage>;
  beforeAll(async () => {
    s3 = await startTestS3();
    storage = createS3Storage(s3.config);
  });
  afterAll(async () => {
    storage.close();
    await s3.close();
  });

  it('stores, reads back and deletes an object, and answers null for a missing one', async () => {
    const name = `${randomBytes(12).toString('base64url')}.png`;
    const data = randomBytes(70_000);
    expect(await storage.get(name)).toBeNull();
    await storage.put(name, data);
    expect((await storage.get(name))?.equals(data)).toBe(true);
    await storage.delete(name);
    expect(await storage.get(name)).toBeNull();
  });

  it('refuses names the server did not generate', async () => {
    await expect(storage.put('../site.db', Buffer.from('x'))).rejects.toThrow(/unsafe/);
  });

  it('passes its check on a reachable bucket and fails it on a missing one', async () => {
    await expect(storage.check()).resolves.toBeUndefined();
    const missing = createS3Storage({ ...s3.config, bucket: 'no-such-bucket' });
    await expect(missing.check()).rejects.toThrow();
    missing.close();
  });
});
