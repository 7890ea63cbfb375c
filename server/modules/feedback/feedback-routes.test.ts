import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorText } from '../../../contract/messages.ts';
import {
  createTestApp,
  makeAdmin,
  registerUser,
  testDatabases,
} from '../../../tests/helpers/test-app.ts';
import type { TestApp } from '../../../tests/helpers/test-app.ts';
import { malformedMultipartBodies } from '../../../tests/helpers/bad-multipart.ts';
import { detectScreenshotFormat } from './image-type.ts';

type Registered = Awaited<ReturnType<typeof registerUser>>;

const image = (format: 'png' | 'jpeg' | 'gif' | 'webp') =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#5b5bf7' } })
    .toFormat(format)
    .toBuffer();

/** A multipart body as a browser would send it. */
async function multipart(
  fields: Record<string, string>,
  files: { bytes: Buffer; name: string; type?: string }[] = [],
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) {
    form.append(
      'screenshots',
      new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'image/png' }),
      file.name,
    );
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

describe('screenshot format detection', () => {
  it('tells images from their bytes, whatever the name says', async () => {
    expect(detectScreenshotFormat(await image('png'))).toBe('png');
    expect(detectScreenshotFormat(await image('jpeg'))).toBe('jpg');
    expect(detectScreenshotFormat(await image('gif'))).toBe('gif');
    expect(detectScreenshotFormat(await image('webp'))).toBe('webp');
    expect(
      detectScreenshotFormat(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')),
    ).toBeNull();
    expect(detectScreenshotFormat(Buffer.alloc(0))).toBeNull();
  });
});

describe.each(testDatabases)('feedback on %s', (kind) => {
  let t: TestApp;
  let user: Registered;
  let admin: Registered;

  beforeAll(async () => {
    t = await createTestApp(kind);
    user = await registerUser(t.app, 'reporter');
    admin = await registerUser(t.app, 'admin');
    await makeAdmin(t.app, admin.user.id);
  });
  afterAll(() => t.close());

  const submit = async (
    fields: Record<string, string>,
    files: Parameters<typeof multipart>[1] = [],
    auth: Record<string, string> = {},
  ) => {
    const body = await multipart(fields, files);
    return t.app.inject({
      method: 'POST',
      url: '/api/feedback',
      payload: body.payload,
      headers: { ...body.headers, ...auth },
    });
  };
  const adminList = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/feedback', headers: admin.auth })).json();

  it('stores feedback with screenshots, the user from the token and the type as code and label', async () => {
    const response = await submit(
      {
        type: '界面建议',
        content: '  夜间模式下按钮对比度不够  ',
        contactInfo: 'wechat: vibe',
        userId: admin.user.id,
      },
      [
        { bytes: await image('png'), name: 'a.png' },
        { bytes: await image('webp'), name: 'b.webp', type: 'image/webp' },
      ],
      user.auth,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().id).toMatch(/^[0-9]+$/);

    const list = await adminList();
    expect(list.total).toBe(1);
    const [item] = list.feedback;
    expect(item).toMatchObject({
      type: 'ui',
      typeLabel: '界面建议',
      content: '夜间模式下按钮对比度不够',
      contactInfo: 'wechat: vibe',
      user: { id: user.user.id, username: user.user.username },
    });
    expect(item.screenshots).toHaveLength(2);
    const shot = await t.app.inject({ method: 'GET', url: item.screenshots[1] });
    expect(shot.statusCode).toBe(200);
    expect(shot.headers['content-type']).toBe('image/webp');
    expect(shot.headers['x-content-type-options']).toBe('nosniff');
    const name = item.screenshots[0].split('/').pop();
    expect(existsSync(path.join(t.dataDir, 'feedback', name))).toBe(true);
  });

  it('accepts anonymous feedback with the default type and no screenshots', async () => {
    const response = await submit({ content: '搜索很好用' });
    expect(response.statusCode).toBe(200);
    const [latest] = (await adminList()).feedback;
    expect(latest).toMatchObject({
      type: 'bug',
      typeLabel: '功能问题',
      user: null,
      screenshots: [],
    });
    expect(latest.contactInfo).toBeNull();
    expect((await submit({ type: 'question', content: '怎么开会员？' })).statusCode).toBe(200);
  });

  it('checks every rule of the form and stores nothing when one fails', async () => {
    const before = (await adminList()).total;
    const png = { bytes: await image('png'), name: 'ok.png' };
    const cases: [Parameters<typeof submit>, number, string][] = [
      [[{ type: '', content: '内容' }], 400, errorText.feedbackTypeRequired],
      [[{ type: '投诉', content: '内容' }], 400, errorText.feedbackTypeRequired],
      [[{ type: 'bug' }], 400, errorText.feedbackContentRequired],
      [[{ content: '   ' }], 400, errorText.feedbackContentRequired],
      [[{ content: '字'.repeat(1001) }], 400, errorText.feedbackContentTooLong],
      [[{ content: '内容', contactInfo: 'x'.repeat(101) }], 400, errorText.feedbackContactTooLong],
      [[{ content: '内容' }, [png, png, png, png]], 400, errorText.feedbackTooManyScreenshots],
      [
        [{ content: '内容' }, [{ bytes: Buffer.from('not an image'), name: 'fake.png' }]],
        400,
        errorText.feedbackImageOnly,
      ],
      [
        [
          { content: '内容' },
          [{ bytes: Buffer.concat([png.bytes, Buffer.alloc(5242880)]), name: 'big.png' }],
        ],
        413,
        errorText.uploadTooLarge,
      ],
      [
        [
          { content: '内容' },
          [
            {
              bytes: Buffer.concat([png.bytes, Buffer.alloc(5242880 - png.bytes.length)]),
              name: 'edge.png',
            },
          ],
        ],
        413,
        errorText.uploadTooLarge,
      ],
    ];
    for (const [args, status, error] of cases) {
      const response = await submit(...args);
      expect(response.statusCode, error).toBe(status);
      expect(response.json()).toEqual({ error });
    }
    expect((await submit({ content: '字'.repeat(1000) }, [png, png, png])).statusCode).toBe(200);
    expect((await adminList()).total).toBe(before + 1);

    const json = await t.app.inject({
      method: 'POST',
      url: '/api/feedback',
      payload: { content: '内容' },
    });
    expect(json.statusCode).toBe(415);
  });

  it('shows the list to admins only and serves only well-formed screenshot names', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/feedback' })).statusCode).toBe(401);
    const forbidden = await t.app.inject({
      method: 'GET',
      url: '/api/feedback',
      headers: user.auth,
    });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ error: errorText.notAdmin });
    const paged = (
      await t.app.inject({
        method: 'GET',
        url: '/api/feedback?limit=1&page=2',
        headers: admin.auth,
      })
    ).json();
    expect(paged).toMatchObject({ page: 2, pages: paged.total });
    for (const name of ['..%2F..%2Fsite.db', 'abc.png', `${'0'.repeat(32)}.svg`]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/feedback/screenshots/${name}`,
      });
      expect(response.statusCode, name).toBeGreaterThanOrEqual(400);
    }
    const missing = await t.app.inject({
      method: 'GET',
      url: `/api/feedback/screenshots/${'0'.repeat(32)}.png`,
    });
    expect(missing.statusCode).toBe(404);
  });

  it.each(malformedMultipartBodies())('answers 400 to a form with $name', async (body) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/feedback',
      headers: body.headers,
      payload: body.payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: errorText.multipartInvalid });
  });
});
