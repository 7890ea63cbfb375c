import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, registerUser, testDatabases } from '../../../tests/helpers/test-app.ts';
import type { TestApp } from '../../../tests/helpers/test-app.ts';
import type * as fonts from './fonts.ts';

// A machine without any CJK font (no fonts-noto-cjk): characters would come out as boxes.
vi.mock('./fonts.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof fonts>()),
  hasChineseFont: () => Promise.resolve(false),
}));

describe.each(testDatabases)('POST /api/posts/cover without a Chinese font on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('answers 503 with a Chinese message and stores nothing', async () => {
    const writer = await registerUser(t.app, 'nofont');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/posts/cover',
      payload: { title: '没有字体' },
      headers: writer.auth,
    });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ error: '暂时无法生成封面，请稍后再试' });
    const uploads = await t.app.db.selectFrom('uploads').select('name').execute();
    expect(uploads).toEqual([]);
  });
});
