import { afterEach, describe, expect, it } from 'vitest';
import { EMPTY_DRAFT_DATA } from './draft-copy';
import type { LocalDraft } from './draft-copy';
import { localDrafts } from './local-drafts';

const draft = (clientId: string, title: string, editedAt: string): LocalDraft => ({
  clientId,
  title,
  data: EMPTY_DRAFT_DATA,
  editedAt,
  syncedEditedAt: null,
  versions: [],
});

afterEach(async () => {
  for (const clientId of ['a', 'b']) await localDrafts.remove(clientId);
});

describe('localDrafts', () => {
  it("keeps each user's drafts apart", async () => {
    await localDrafts.put('1', draft('a', '我的', '2026-01-01T00:00:00.000Z'));
    expect(await localDrafts.get('2', 'a')).toBeNull();
    expect((await localDrafts.list('2')).map((item) => item.clientId)).toEqual([]);
    expect((await localDrafts.get('1', 'a'))?.title).toBe('我的');
  });

  it('sets the replaced copy aside when another version is resumed', async () => {
    await localDrafts.put('1', draft('b', '本机较新', '2026-01-02T00:00:00.000Z'));
    const next = await localDrafts.replaceWith(
      '1',
      'b',
      {
        title: '云端较旧',
        data: EMPTY_DRAFT_DATA,
        editedAt: '2026-01-01T00:00:00.000Z',
        source: 'server',
      },
      '2026-01-01T00:00:00.000Z',
    );
    expect(next.title).toBe('云端较旧');
    expect(next.versions.map((version) => version.title)).toEqual(['本机较新']);
    expect((await localDrafts.get('1', 'b'))?.versions).toHaveLength(1);
  });

  it('marks a copy synced only if it is still the current one', async () => {
    await localDrafts.put('1', draft('a', '草稿', '2026-01-03T00:00:00.000Z'));
    await localDrafts.markSynced('1', 'a', '2026-01-01T00:00:00.000Z');
    expect((await localDrafts.get('1', 'a'))?.syncedEditedAt).toBeNull();
    await localDrafts.markSynced('1', 'a', '2026-01-03T00:00:00.000Z');
    expect((await localDrafts.get('1', 'a'))?.syncedEditedAt).toBe('2026-01-03T00:00:00.000Z');
  });
});
