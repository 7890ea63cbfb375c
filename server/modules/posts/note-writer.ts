import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { UploadService } from '../uploads/upload-service.ts';
import { syncPostTags } from '../tags/post-tags.ts';
import { refreshRank } from './feed-rank.ts';
import type { NoteCaches } from './note-caches.ts';
import type { PostRepository, PostRow } from './post-repository.ts';

/** Where a published note can be found by its words; the search module provides it. */
export interface NoteIndex {
  /**
   * Resolves once `put` has what it needs to cut a note's text (jieba's dictionary, built on the
   * segmenter thread over some 200 ms after a start): awaited before a transaction opens, not
   * inside it.
   */
  ready(): Promise<void>;
  put(row: PostRow): Promise<void>;
  remove(postId: number): Promise<void>;
}

/** What a multi-step write of notes reaches the database through, all on one handle. */
export interface NoteStore {
  db: Kysely<Database>;
  posts: PostRepository;
  uploads: UploadService;
  index: NoteIndex;
}

export interface NoteWriter {
  /**
   * Runs a multi-step write of notes (the row, its images, its search-index row) in one
   * transaction: `work` gets the store bound to the transaction. On SQLite the transaction
   * holds the only connection, so `work` must reach the database through the store it is given
   * (a query through the app's own handle would wait forever) and must not wait on anything
   * slow outside it; domain events are emitted after the commit.
   */
  inTransaction<T>(work: (tx: NoteStore) => Promise<T>): Promise<T>;
  /**
   * After a note is written: only published notes are searchable, ranked and on tag pages, and
   * cached totals and search pages no longer hold. `store` defaults to the app's own handle.
   */
  sync(row: PostRow, store?: NoteStore): Promise<void>;
  /** After a note is deleted. */
  forget(postId: number, store?: NoteStore): Promise<void>;
  /**
   * Readers may have refilled the caches while a transaction was open: cleared again after it,
   * for the note it wrote.
   */
  clearCaches(postId: number): void;
}

export function createNoteWriter(deps: {
  dialect: DialectName;
  caches: NoteCaches;
  /** The store on the app's handle. */
  store: NoteStore;
  /** The same store bound to a transaction. */
  storeOn: (trx: Kysely<Database>) => NoteStore;
}): NoteWriter {
  const { dialect, caches } = deps;
  return {
    async inTransaction(work) {
      await deps.store.index.ready();
      return deps.store.db.transaction().execute((trx) => work(deps.storeOn(trx)));
    },
    async sync(row, store = deps.store) {
      await refreshRank(store.db, dialect, row.id);
      await syncPostTags(store.db, row);
      if (row.status === 'approved') {
        await store.index.put(row);
      } else {
        await store.index.remove(row.id);
      }
      caches.noteChanged(row.id);
    },
    async forget(postId, store = deps.store) {
      await store.index.remove(postId);
      caches.noteChanged(postId);
    },
    clearCaches(postId) {
      caches.noteChanged(postId);
    },
  };
}
