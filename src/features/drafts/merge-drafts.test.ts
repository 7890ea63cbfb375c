import { describe, expect, it } from 'vitest';
import type { Draft } from '../../../contract/draft';
import { EMPTY_DRAFT_DATA } from '../../../shared/offline/draft-copy';
import type { DraftCopy, LocalDraft } from '../../../shared/offline/draft-copy';
import { mergeDrafts } from './merge-drafts';

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 8, minute)).toISOString();

function local(clientId: string, title: string, editedAt: string, syncedEditedAt: string | null) {
  return {
    clientId,
    title,
    data: EMPTY_DRAFT_DATA,
    editedAt,
    syncedEditedAt,
    versions: [],
  } satisfies LocalDraft;
}

function server(clientId: string, title: string, editedAt: string): Draft {
  return {
    _id: `s-${clientId}`,
    id: `s-${clientId}`,
    clientId,
    title,
    data: EMPTY_DRAFT_DATA,
    editedAt,
    updatedAt: editedAt,
  };
}

const titles = (copies: DraftCopy[]) => copies.map((copy) => `${copy.source}:${copy.title}`);

describe('mergeDrafts', () => {
  it('lists drafts kept on one side only, most recently edited first', () => {
    const merged = mergeDrafts([local('a', '本地', at(5), null)], [server('b', '云端', at(9))]);
    expect(merged.map((entry) => [entry.clientId, entry.current.source, entry.serverId])).toEqual([
      ['b', 'server', 's-b'],
      ['a', 'local', null],
    ]);
    expect(merged[1].unsynced).toBe(true);
  });

  it('shows one copy when both sides hold the same edit', () => {
    const [entry] = mergeDrafts(
      [local('a', '同一份', at(5), at(5))],
      [server('a', '同一份', at(5))],
    );
    expect(entry.alternatives).toEqual([]);
    expect(entry.unsynced).toBe(false);
  });

  it('lets local changes not yet saved win over the copy they started from', () => {
    const [entry] = mergeDrafts([local('a', '新写的', at(8), at(5))], [server('a', '旧的', at(5))]);
    expect(entry.current).toMatchObject({ source: 'local', title: '新写的' });
    expect(entry.alternatives).toEqual([]);
    expect(entry.unsynced).toBe(true);
  });

  it('lets a newer server copy win over an unchanged local one', () => {
    const [entry] = mergeDrafts(
      [local('a', '这台设备', at(5), at(5))],
      [server('a', '另一台设备', at(9))],
    );
    expect(entry.current).toMatchObject({ source: 'server', title: '另一台设备' });
    expect(entry.alternatives).toEqual([]);
  });

  it('when both sides changed, keeps the later edit and offers the other (local newer)', () => {
    const [entry] = mergeDrafts(
      [local('a', '本地新', at(9), at(1))],
      [server('a', '云端旧', at(6))],
    );
    expect(entry.current).toMatchObject({ source: 'local', title: '本地新' });
    expect(titles(entry.alternatives)).toEqual(['server:云端旧']);
    expect(entry.unsynced).toBe(true);
  });

  it('when both sides changed, keeps the later edit and offers the other (server newer)', () => {
    const [entry] = mergeDrafts(
      [local('a', '本地旧', at(4), null)],
      [server('a', '云端新', at(7))],
    );
    expect(entry.current).toMatchObject({ source: 'server', title: '云端新' });
    expect(titles(entry.alternatives)).toEqual(['local:本地旧']);
    expect(entry.unsynced).toBe(false);
  });

  it('keeps versions the browser set aside as alternatives too', () => {
    const kept: DraftCopy = {
      title: '更早',
      data: EMPTY_DRAFT_DATA,
      editedAt: at(0),
      source: 'local',
    };
    const [entry] = mergeDrafts(
      [{ ...local('a', '本地', at(3), null), versions: [kept] }],
      [server('a', '云端', at(2))],
    );
    expect(titles(entry.alternatives)).toEqual(['server:云端', 'local:更早']);
  });
});
