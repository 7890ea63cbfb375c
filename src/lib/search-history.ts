import { openDB } from 'idb';
import type { DBSchema, IDBPDatabase } from 'idb';
import { SEARCH_HISTORY_LIMIT } from './constants';

/**
 * Search history (SPEC.md sections 3 and 5), kept in IndexedDB as ARCHITECTURE.md asks: latest
 * first, no duplicates, at most 5 terms.
 */

interface HistoryDb extends DBSchema {
  history: { key: string; value: unknown };
}

const RECORD_KEY = 'terms';
let database: Promise<IDBPDatabase<HistoryDb>> | null = null;

function openHistory() {
  database ??= openDB<HistoryDb>('vibe-search-history', 1, {
    upgrade(db) {
      db.createObjectStore('history');
    },
  });
  return database;
}

/** The list after searching for `term`: it moves to the front, the oldest falls off. */
export function withTerm(history: readonly string[], term: string): string[] {
  const trimmed = term.trim();
  if (!trimmed) return [...history];
  return [trimmed, ...history.filter((item) => item !== trimmed)].slice(0, SEARCH_HISTORY_LIMIT);
}

/** Whatever is stored that is not a list of strings counts as no history. */
function readable(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.filter((item): item is string => typeof item === 'string' && item.trim() !== '');
}

export async function loadSearchHistory(): Promise<string[]> {
  const db = await openHistory();
  return readable(await db.get('history', RECORD_KEY)).slice(0, SEARCH_HISTORY_LIMIT);
}

async function update(change: (history: string[]) => string[]): Promise<string[]> {
  const db = await openHistory();
  const tx = db.transaction('history', 'readwrite');
  const next = change(readable(await tx.store.get(RECORD_KEY)));
  await tx.store.put(next, RECORD_KEY);
  await tx.done;
  return next;
}

export function addSearchTerm(term: string): Promise<string[]> {
  return update((history) => withTerm(history, term));
}

export function removeSearchTerm(term: string): Promise<string[]> {
  return update((history) => history.filter((item) => item !== term));
}

export function clearSearchHistory(): Promise<string[]> {
  return update(() => []);
}
