import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Draft, DraftList, SaveDraftResult } from '../../../contract/draft.ts';
import { errorText } from '../../../contract/messages.ts';
import { createTestApp, registerUser, testDatabases } from '../../../tests/helpers/test-app.ts';
import type { TestApp } from '../../../tests/helpers/test-app.ts';

type User = Awaited<ReturnType<typeof registerUser>>;

const data = (content: string) => ({
  content,
  categoryId: '1',
  tags: ['AI'],
  images: [],
  price: 0,
});
const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 8, minute)).toISOString();

describe.each(testDatabases)('drafts (%s)', (kind) => {
  let test: TestApp;
  let user: User;
  let other: User;

  beforeAll(async () => {
    test = await createTestApp(kind);
    user = await registerUser(test.app, 'drafter');
    other = await registerUser(test.app, 'other');
  });
  afterAll(() => test.close());

  const save = async (payload: object, who: User = user) => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/drafts',
      headers: who.auth,
      payload,
    });
    expect(response.statusCode).toBe(200);
    return response.json<SaveDraftResult>();
  };

  it('creates, then updates a draft by its client id', async () => {
    const first = await save({
      clientId: 'c-1',
      title: '草稿',
      data: data('第一版'),
      editedAt: at(1),
    });
    expect(first).toMatchObject({ conflict: false, kept: 'incoming' });
    expect(first.draft).toMatchObject({
      clientId: 'c-1',
      title: '草稿',
      editedAt: at(1),
      versions: [],
    });
    const second = await save({
      clientId: 'c-1',
      title: '草稿',
      data: data('第二版'),
      editedAt: at(2),
      baseEditedAt: at(1),
    });
    expect(second).toMatchObject({ conflict: false, kept: 'incoming' });
    expect(second.draft).toMatchObject({ id: first.draft.id, data: data('第二版'), versions: [] });
  });

  it('keeps the newer copy when two devices diverge and saves the other as a version', async () => {
    await save({ clientId: 'c-2', title: '手机', data: data('手机上写的'), editedAt: at(10) });
    // The laptop started from nothing and edited later: it wins, the phone copy is kept.
    const laptop = await save({
      clientId: 'c-2',
      title: '电脑',
      data: data('电脑上写的'),
      editedAt: at(12),
      baseEditedAt: null,
    });
    expect(laptop).toMatchObject({ conflict: true, kept: 'incoming' });
    expect(laptop.draft.versions?.map((version) => version.title)).toEqual(['手机']);

    // A stale tablet (edited at :11, started from the :10 copy) loses to the :12 copy.
    const tablet = await save({
      clientId: 'c-2',
      title: '平板',
      data: data('平板上写的'),
      editedAt: at(11),
      baseEditedAt: at(10),
    });
    expect(tablet).toMatchObject({ conflict: true, kept: 'server' });
    expect(tablet.draft).toMatchObject({ title: '电脑', editedAt: at(12) });
    expect(tablet.draft.versions?.[0]).toMatchObject({
      title: '平板',
      data: data('平板上写的'),
      editedAt: at(11),
    });

    // A newer edit from a device that missed the :12 save wins, and the :12 copy is kept.
    const phone = await save({
      clientId: 'c-2',
      title: '手机二稿',
      data: data('手机上改的'),
      editedAt: at(15),
      baseEditedAt: at(10),
    });
    expect(phone).toMatchObject({ conflict: true, kept: 'incoming' });
    expect(phone.draft.title).toBe('手机二稿');
    expect(phone.draft.versions?.map((version) => version.title)).toEqual(['电脑', '平板', '手机']);

    const detail = await test.app.inject({
      url: `/api/drafts/${phone.draft.id}`,
      headers: user.auth,
    });
    expect(detail.json<Draft>().versions).toHaveLength(3);
  });

  it('treats an older copy without a base as a conflict the server copy wins', async () => {
    await save({ clientId: 'c-3', title: '新', data: data('新'), editedAt: at(30) });
    const stale = await save({ clientId: 'c-3', title: '旧', data: data('旧'), editedAt: at(20) });
    expect(stale).toMatchObject({ conflict: true, kept: 'server' });
    expect(stale.draft.versions?.[0]).toMatchObject({ title: '旧' });
    const same = await save({ clientId: 'c-3', title: '新', data: data('新'), editedAt: at(30) });
    expect(same).toMatchObject({ conflict: false });
    expect(same.draft.versions).toHaveLength(1);
  });

  it('lists, reads and deletes only one’s own drafts', async () => {
    const list = await test.app.inject({ url: '/api/drafts', headers: user.auth });
    const drafts = list.json<DraftList>().drafts;
    expect(drafts.map((draft) => draft.clientId)).toEqual(['c-3', 'c-2', 'c-1']);
    expect(drafts[0]).not.toHaveProperty('versions');

    const theirs = await test.app.inject({ url: '/api/drafts', headers: other.auth });
    expect(theirs.json<DraftList>().drafts).toEqual([]);
    const id = drafts[0].id;
    for (const method of ['GET', 'DELETE'] as const) {
      const response = await test.app.inject({
        method,
        url: `/api/drafts/${id}`,
        headers: other.auth,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: errorText.draftNotFound });
    }
    // The same client id in another account is another draft.
    const mirror = await save(
      { clientId: 'c-3', title: '别人的', data: data('x'), editedAt: at(1) },
      other,
    );
    expect(mirror.draft.id).not.toBe(id);

    const removed = await test.app.inject({
      method: 'DELETE',
      url: `/api/drafts/${id}`,
      headers: user.auth,
    });
    expect(removed.json()).toEqual({ success: true });
    expect(
      (await test.app.inject({ url: `/api/drafts/${id}`, headers: user.auth })).statusCode,
    ).toBe(404);
    expect((await test.app.inject({ url: '/api/drafts' })).statusCode).toBe(401);
  });

  it.each([
    [{ title: 't', data: data('x'), editedAt: at(1) }, errorText.draftClientIdInvalid],
    [
      { clientId: 'has space', title: 't', data: data('x'), editedAt: at(1) },
      errorText.draftClientIdInvalid,
    ],
    [
      { clientId: 'c', title: '长'.repeat(101), data: data('x'), editedAt: at(1) },
      errorText.titleTooLong,
    ],
    [{ clientId: 'c', title: 't', data: { content: 1 }, editedAt: at(1) }, errorText.draftTooLarge],
    [
      { clientId: 'c', title: 't', data: data('x'), editedAt: 'yesterday' },
      errorText.draftEditedAtInvalid,
    ],
    [
      { clientId: 'c', title: 't', data: data('x'), editedAt: '2999-01-01T00:00:00Z' },
      errorText.draftEditedAtInvalid,
    ],
  ])('refuses %j', async (payload, message) => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/drafts',
      headers: user.auth,
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: message });
  });
});
