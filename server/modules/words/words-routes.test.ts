import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PendingList } from '../../../contract/admin.ts';
import { errorText } from '../../../contract/messages.ts';
import { wordText } from '../../../contract/words.ts';
import {
  createTestApp,
  makeAdmin,
  registerUser,
  testDatabases,
} from '../../../tests/helpers/test-app.ts';
import type { TestApp } from '../../../tests/helpers/test-app.ts';
import { createPost, publishedPost } from '../../../tests/helpers/notes-test-kit.ts';
import { DEFAULT_SENSITIVE_WORDS } from './default-words.ts';

type User = Awaited<ReturnType<typeof registerUser>>;

describe.each(testDatabases)('sensitive words on %s', (kind) => {
  let t: TestApp;
  let member: User;
  let other: User;
  let admin: User;
  let noteId: string;

  const call = (method: 'GET' | 'PUT' | 'POST', url: string, who: User | null, payload?: object) =>
    t.app.inject({ method, url, headers: who?.auth ?? {}, payload });
  const comment = (content: string) =>
    call('POST', `/api/posts/${noteId}/comments`, member, { content });

  beforeAll(async () => {
    t = await createTestApp(kind);
    [member, other, admin] = await Promise.all(
      ['member', 'other', 'admin'].map((prefix) => registerUser(t.app, prefix)),
    );
    await makeAdmin(t.app, admin.user.id);
    noteId = (await publishedPost(t.app, other.auth, admin.auth)).id;
  });
  afterAll(() => t.close());

  it('ships the default list and lets only admins read and edit it', async () => {
    for (const [who, status, error] of [
      [null, 401, errorText.loginRequired],
      [member, 403, errorText.notAdmin],
    ] as const) {
      for (const method of ['GET', 'PUT'] as const) {
        const response = await call(method, '/api/admin/words', who, { words: [] });
        expect([response.statusCode, response.json()]).toEqual([status, { error }]);
      }
    }
    const list = await call('GET', '/api/admin/words', admin);
    expect(list.json().words).toEqual([...DEFAULT_SENSITIVE_WORDS].sort());
    const tooLong = await call('PUT', '/api/admin/words', admin, { words: ['长'.repeat(33)] });
    expect([tooLong.statusCode, tooLong.json()]).toEqual([400, { error: wordText.listInvalid }]);
  });

  it('refuses a comment or a message with a listed word, past spaces, punctuation and width', async () => {
    for (const content of ['这里有六合彩', '六 合·彩 了解一下', '六，合！彩']) {
      const response = await comment(content);
      expect([response.statusCode, response.json()]).toEqual([
        400,
        { error: wordText.contentRefused },
      ]);
    }
    expect((await comment('今天天气很好')).statusCode).toBe(201);
    const message = await call('POST', '/api/messages', member, {
      recipientId: other.user.id,
      content: '需要代开发票吗',
    });
    expect([message.statusCode, message.json()]).toEqual([400, { error: wordText.contentRefused }]);
  });

  it('refuses a listed word in a new username, a changed username or a bio', async () => {
    const register = await call('POST', '/api/auth/register', null, {
      username: '冰毒_sale',
      email: 'words-register@example.com',
      password: 'secret123',
    });
    expect([register.statusCode, register.json()]).toEqual([
      400,
      { error: wordText.contentRefused },
    ]);
    const bio = await call('PUT', '/api/auth/me', member, { bio: '专业 办假证 联系我' });
    expect([bio.statusCode, bio.json()]).toEqual([400, { error: wordText.contentRefused }]);
    const name = await call('PUT', '/api/auth/me', member, { username: '高利贷_小王' });
    expect(name.statusCode).toBe(400);
    expect((await call('PUT', '/api/auth/me', member, { bio: '喜欢爬山和摄影' })).statusCode).toBe(
      200,
    );
  });

  it('applies an edited list at once, folding full-width letters and case', async () => {
    const saved = await call('PUT', '/api/admin/words', admin, {
      words: ['  VPN翻墙 ', 'vpn翻墙', '', '加微信'],
    });
    expect(saved.json()).toEqual({ words: ['VPN翻墙', '加微信'] });
    expect((await comment('好用的ｖｐｎ 翻墙')).statusCode).toBe(400);
    expect((await comment('加 微 信 聊')).statusCode).toBe(400);
    // A word taken off the list is allowed again.
    expect((await comment('六合彩开奖了')).statusCode).toBe(201);
  });

  it('shows the reviewer which listed words a note awaiting review contains', async () => {
    const flagged = await createPost(t.app, member.auth, {
      title: '副业',
      content: '想赚钱的加微信了解',
    });
    const clean = await createPost(t.app, member.auth, { title: '早餐', content: '豆浆油条' });
    const queue = (
      await call('GET', '/api/posts/admin/pending?limit=100', admin)
    ).json<PendingList>();
    expect(queue.flaggedWords?.[flagged.id]).toEqual(['加微信']);
    expect(queue.flaggedWords?.[clean.id]).toBeUndefined();
    expect(flagged.status).toBe('pending');
  });
});
