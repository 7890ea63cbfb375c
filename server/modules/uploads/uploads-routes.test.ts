import { readdirSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorText } from '../../../contract/messages.ts';
import { UPLOAD_MAX_BYTES } from '../../../contract/post-rules.ts';
import type { ImageRef } from '../../../contract/post.ts';
import { createTestApp, registerUser, testDatabases } from '../../../tests/helpers/test-app.ts';
import type { TestApp } from '../../../tests/helpers/test-app.ts';
import { malformedMultipartBodies } from '../../../tests/helpers/bad-multipart.ts';
import { makeImage, multipart, uploadImage } from '../../../tests/helpers/notes-test-kit.ts';

type User = Awaited<ReturnType<typeof registerUser>>;

describe.each(testDatabases)('image uploads (%s)', (kind) => {
  let test: TestApp;
  let user: User;

  beforeAll(async () => {
    test = await createTestApp(kind);
    user = await registerUser(test.app, 'uploader');
  });
  afterAll(() => test.close());

  const upload = (data: Buffer, filename = 'x.png', type = 'image/png', field = 'image') => {
    const body = multipart(field, filename, type, data);
    return test.app.inject({
      method: 'POST',
      url: '/api/posts/upload',
      headers: { ...user.auth, ...body.headers },
      payload: body.payload,
    });
  };

  it.each(['png', 'jpeg', 'gif'] as const)('stores a real %s with its size', async (format) => {
    const data = await makeImage(format, 120, 90);
    const response = await upload(data, `photo.${format}`);
    expect(response.statusCode).toBe(200);
    const image = response.json<ImageRef>();
    expect(image).toMatchObject({ width: 120, height: 90 });
    expect(image.url).toMatch(/^\/api\/uploads\/[\w-]+\.(png|jpg|gif)$/);

    const original = await test.app.inject({ method: 'GET', url: image.url });
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe(`image/${format}`);
    expect(original.rawPayload.equals(data)).toBe(true);
  });

  it('judges the type by the bytes, not the name or the declared type', async () => {
    const text = await upload(Buffer.from('definitely not an image'), 'fake.png', 'image/png');
    expect(text.statusCode).toBe(400);
    expect(text.json()).toEqual({ error: errorText.uploadTypeInvalid });

    const webp = await sharp({
      create: { width: 8, height: 8, channels: 3, background: '#fff' },
    })
      .webp()
      .toBuffer();
    const renamed = await upload(webp, 'photo.jpg', 'image/jpeg');
    expect(renamed.json()).toEqual({ error: errorText.uploadTypeInvalid });

    // A PNG named .gif is still stored as what it is.
    const png = await upload(await makeImage('png'), 'photo.gif', 'image/gif');
    expect(png.json<ImageRef>().url).toMatch(/\.png$/);
  });

  it('refuses files over 5 MB, missing files and other fields', async () => {
    const big = Buffer.concat([await makeImage('png'), Buffer.alloc(UPLOAD_MAX_BYTES)]);
    const tooLarge = await upload(big);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({ error: errorText.uploadTooLarge });

    const wrongField = await upload(await makeImage('png'), 'x.png', 'image/png', 'file');
    expect(wrongField.json()).toEqual({ error: errorText.uploadMissing });

    const notMultipart = await test.app.inject({
      method: 'POST',
      url: '/api/posts/upload',
      headers: user.auth,
      payload: { image: 'x' },
    });
    expect(notMultipart.statusCode).toBe(400);
    expect(notMultipart.json()).toEqual({ error: errorText.uploadMissing });

    const anonymous = await test.app.inject({ method: 'POST', url: '/api/posts/upload' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('serves resized WebP variants with long-lived caching, ETag and 304', async () => {
    const image = await uploadImage(test.app, user.auth, await makeImage('jpeg', 1000, 750));
    const url = `${image.url}?w=300&q=0.7`;
    const webp = await test.app.inject({ url, headers: { accept: 'image/avif,image/webp,*/*' } });
    expect(webp.statusCode).toBe(200);
    expect(webp.headers['content-type']).toBe('image/webp');
    expect(webp.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(webp.headers.vary).toContain('Accept');
    const meta = await sharp(webp.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 320, height: 240 });

    const etag = String(webp.headers.etag);
    const again = await test.app.inject({
      url,
      headers: { accept: 'image/webp', 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);

    const jpeg = await test.app.inject({ url, headers: { accept: 'image/jpeg' } });
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    expect(jpeg.headers.etag).not.toBe(etag);

    const saveData = await test.app.inject({
      url: `${image.url}?w=300`,
      headers: { accept: 'image/jpeg', 'save-data': 'on' },
    });
    expect(saveData.rawPayload.length).toBeLessThan(
      (
        await test.app.inject({
          url: `${image.url}?w=300&q=100`,
          headers: { accept: 'image/jpeg' },
        })
      ).rawPayload.length,
    );

    const head = await test.app.inject({ method: 'HEAD', url, headers: { accept: 'image/webp' } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/webp');

    const variants = readdirSync(path.join(test.dataDir, 'uploads'));
    expect(variants.filter((name) => name.endsWith('.webp'))).toHaveLength(1);
  });

  it('never reads outside the uploads folder', async () => {
    for (const url of [
      '/api/uploads/..%2F..%2Fjwt-secret',
      '/api/uploads/%2e%2e%2fsite.db',
      '/api/uploads/jwt-secret',
      '/api/uploads/nothing.png',
    ]) {
      const response = await test.app.inject({ url });
      expect(response.statusCode).toBe(404);
    }
  });

  it.each(malformedMultipartBodies())('answers 400 to a form with $name', async (body) => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/posts/upload',
      headers: { ...user.auth, ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: errorText.multipartInvalid });
  });

  it('refuses an image whose bytes end early, whatever the format', async () => {
    for (const format of ['png', 'jpeg', 'gif'] as const) {
      const whole = await makeImage(format, 200, 150);
      for (const cut of [60, Math.floor(whole.length / 2)]) {
        const response = await upload(whole.subarray(0, cut), `cut.${format}`);
        expect(response.statusCode, `${format} cut to ${cut}`).toBe(400);
        expect(response.json()).toEqual({ error: errorText.uploadTypeInvalid });
      }
    }
  });

  it('answers 422, not 500, for a variant of a stored original that cannot be decoded', async () => {
    // An original accepted before uploads were decoded in full.
    const name = 'damaged-original.png';
    await test.app.storage.put(name, (await makeImage('png', 400, 300)).subarray(0, 60));
    await test.app.db
      .insertInto('uploads')
      .values({
        name,
        owner_id: Number(user.user.id),
        post_id: null,
        mime: 'image/png',
        width: 400,
        height: 300,
        bytes: 60,
        created_at: Date.now(),
      })
      .execute();
    const variant = await test.app.inject({
      url: `/api/uploads/${name}?w=100`,
      headers: { accept: 'image/webp' },
    });
    expect(variant.statusCode).toBe(422);
    expect(variant.json()).toEqual({ error: errorText.imageDamaged });
  });

  it('refuses every file over 5 MB on a reused keep-alive connection', async () => {
    const address = await test.app.listen({ host: '127.0.0.1', port: 0 });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const small = multipart('image', 'x.png', 'image/png', await makeImage('png'));
    // Just over the limit, so the limit and the last chunk arrive close together.
    const big = multipart(
      'image',
      'x.png',
      'image/png',
      Buffer.concat([await makeImage('png'), Buffer.alloc(UPLOAD_MAX_BYTES)]),
    );
    try {
      for (let round = 0; round < 5; round += 1) {
        const ok = await post(agent, address, small);
        expect(ok.status).toBe(200);
        const refused = await post(agent, address, big);
        expect(refused.status, `round ${round}`).toBe(413);
        expect(JSON.parse(refused.body)).toEqual({ error: errorText.uploadTooLarge });
      }
    } finally {
      agent.destroy();
    }
  });

  function post(
    agent: http.Agent,
    address: string,
    body: { payload: Buffer; headers: Record<string, string> },
  ): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const request = http.request(
        `${address}/api/posts/upload`,
        { method: 'POST', agent, headers: { ...user.auth, ...body.headers } },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              body: Buffer.concat(chunks).toString('utf8'),
            }),
          );
        },
      );
      request.on('error', reject);
      request.end(body.payload);
    });
  }
});
