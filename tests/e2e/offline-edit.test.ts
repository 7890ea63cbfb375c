import type { Browser, BrowserContext } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, startSite, storeSession } from '../helpers/e2e';
import type { RunningSite } from '../helpers/e2e';

/**
 * A change of a published note saved without a network waits in the outbox and reaches the
 * server once the network returns, in a real Chromium with the service worker running.
 */
let site: RunningSite;
let browser: Browser;

const stamp = Date.now().toString(36);

interface Note {
  id: string;
  title: string;
  content: string;
  categoryId: string;
  tags: string[];
  price: number;
  images: Array<{ url: string; width: number; height: number }>;
}

async function call<T>(path: string, token: string, init: RequestInit = {}): Promise<T> {
  const headers = new Headers(init.headers);
  headers.set('authorization', `Bearer ${token}`);
  const response = await fetch(`${site.origin}${path}`, { ...init, headers });
  const data: unknown = await response.json();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(data)}`);
  return data as T;
}

const postJson = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/** A new account with one published note that has an image, tags and a price. */
async function writerWithNote() {
  const register = await fetch(`${site.origin}/api/auth/register`, {
    ...postJson({
      username: `editor_${stamp}`,
      email: `editor_${stamp}@example.com`,
      password: 'offline12345',
    }),
  });
  const account = (await register.json()) as { token: string; user: { id: string } };
  const { categories } = await call<{ categories: Array<{ id: string }> }>(
    '/api/categories',
    account.token,
  );
  const pixels = await sharp({
    create: { width: 320, height: 200, channels: 3, background: '#0ea5e9' },
  })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(pixels)], { type: 'image/png' }), 'cover.png');
  const image = await call<Note['images'][number]>('/api/posts/upload', account.token, {
    method: 'POST',
    body: form,
  });
  const note = await call<Note>(
    '/api/posts',
    account.token,
    postJson({
      title: `离线前的标题 ${stamp}`,
      content: '这一段正文在离线修改时不会变。',
      categoryId: categories[1].id,
      tags: ['离线', '测试'],
      price: 2.5,
      images: [image],
    }),
  );
  return { account, note };
}

async function signedInContext(token: string, user: unknown): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: site.origin,
    locale: 'zh-CN',
    viewport: { width: 390, height: 844 },
    serviceWorkers: 'allow',
  });
  await storeSession(context, { token: token, user: user });
  return context;
}

const unchangedFields = ({ id, content, categoryId, tags, price, images }: Note) => ({
  id,
  content,
  categoryId,
  tags,
  price,
  // The grant a paid note's image URLs carry for their reader changes with time.
  images: images.map(({ url, width, height }) => ({ url: url.split('?')[0], width, height })),
});

beforeAll(async () => {
  site = await startSite({ seedDemo: false, env: { RATE_LIMIT: 'off' } });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

describe('editing a note offline', () => {
  it('saves the change exactly once when the network returns, and nothing else', async () => {
    const { account, note } = await writerWithNote();
    const context = await signedInContext(account.token, account.user);
    const page = await context.newPage();
    await page.goto(`/edit-post/${note.id}`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
      timeout: 30_000,
    });
    const titleInput = page.getByLabel('标题');
    await expect.poll(() => titleInput.inputValue()).toBe(note.title);

    await context.setOffline(true);
    const newTitle = `地铁上改的标题 ${stamp}`;
    await titleInput.fill(newTitle);
    await page.getByRole('button', { name: '保存修改' }).click();
    await page.getByText('网络不可用，修改已放入待发送，联网后会自动保存').waitFor();
    await page.waitForURL((url) => url.pathname === `/post/${note.id}`);
    const pill = page.getByRole('button', { name: /1 条内容等待发送/ });
    await pill.waitFor();
    const waiting = await call<Note>(`/api/posts/${note.id}`, account.token);
    expect(waiting.title).toBe(note.title);

    await context.setOffline(false);
    await pill.waitFor({ state: 'detached', timeout: 30_000 });
    await page.getByText(`离线时对笔记「${newTitle}」的修改已保存`).waitFor();
    // The open note page shows the saved version.
    await page.getByRole('heading', { name: newTitle }).waitFor();

    const saved = await call<Note>(`/api/posts/${note.id}`, account.token);
    expect(saved.title).toBe(newTitle);
    expect(unchangedFields(saved)).toEqual(unchangedFields(note));
    const mine = await call<{ posts: Note[] }>('/api/posts/user/me?limit=50', account.token);
    expect(mine.posts.map((post) => [post.id, post.title])).toEqual([[note.id, newTitle]]);
    await context.close();
  });
});
