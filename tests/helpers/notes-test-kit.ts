import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { ImageRef, Post } from '../../contract/post.ts';
import { createTestApp, makeAdmin, registerUser } from './test-app.ts';
import type { TestApp } from './test-app.ts';

/** Helpers for the note modules' API tests: real images, multipart bodies, notes in a state. */

type Auth = { authorization: string };

export async function makeImage(
  format: 'png' | 'jpeg' | 'gif',
  width = 64,
  height = 48,
): Promise<Buffer> {
  const image = sharp({
    create: { width, height, channels: 3, background: { r: 91, g: 91, b: 247 } },
  });
  return image.toFormat(format).toBuffer();
}

export function multipart(
  field: string,
  filename: string,
  contentType: string,
  data: Buffer,
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----notes-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
        `Content-Type: ${contentType}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function uploadImage(
  app: FastifyInstance,
  auth: Auth,
  data?: Buffer,
  filename = 'photo.png',
): Promise<ImageRef> {
  const body = multipart('image', filename, 'image/png', data ?? (await makeImage('png')));
  const response = await app.inject({
    method: 'POST',
    url: '/api/posts/upload',
    headers: { ...auth, ...body.headers },
    payload: body.payload,
  });
  if (response.statusCode !== 200) throw new Error(`upload failed: ${response.body}`);
  return response.json<ImageRef>();
}

export async function createPost(
  app: FastifyInstance,
  auth: Auth,
  fields: Record<string, unknown> = {},
): Promise<Post> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/posts',
    headers: auth,
    payload: { title: '测试笔记', content: '这是一篇测试笔记的正文。', categoryId: '1', ...fields },
  });
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.body}`);
  return response.json<Post>();
}

export async function review(
  app: FastifyInstance,
  adminAuth: Auth,
  postId: string,
  status: 'approved' | 'rejected' = 'approved',
  reason?: string,
): Promise<Post> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/posts/admin/${postId}/review`,
    headers: adminAuth,
    payload: { status, ...(reason ? { reason } : {}) },
  });
  if (response.statusCode !== 200) throw new Error(`review failed: ${response.body}`);
  return response.json<Post>();
}

/** A published note by `auth`'s user (approved by `adminAuth`). */
export async function publishedPost(
  app: FastifyInstance,
  auth: Auth,
  adminAuth: Auth,
  fields: Record<string, unknown> = {},
): Promise<Post> {
  const post = await createPost(app, auth, fields);
  return review(app, adminAuth, post.id);
}

/** A fresh SQLite app holding one published note, titled `title`. */
export async function appWithNote(title: string): Promise<{ test: TestApp; noteId: string }> {
  const test = await createTestApp('sqlite');
  const admin = await registerUser(test.app, 'admin');
  await makeAdmin(test.app, admin.user.id);
  const author = await registerUser(test.app, 'author');
  const note = await publishedPost(test.app, author.auth, admin.auth, { title });
  return { test, noteId: note.id };
}
