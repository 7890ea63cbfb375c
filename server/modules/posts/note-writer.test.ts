import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/schema.ts';
import { createNoteWriter } from './note-writer.ts';
import type { NoteCaches } from './note-caches.ts';
import type { NoteStore } from './note-writer.ts';

describe('note writer', () => {
  it('waits for the search index to be ready before it opens a transaction, not inside it', async () => {
    const steps: string[] = [];
    let indexReady = () => {};
    const ready = new Promise<void>((resolve) => (indexReady = resolve));
    const db = {
      transaction: () => ({
        execute: (work: (trx: unknown) => Promise<unknown>) => {
          steps.push('transaction opened');
          return work(db);
        },
      }),
    } as unknown as Kysely<Database>;
    const store = {
      db,
      index: { ready: () => ready, put: async () => {}, remove: async () => {} },
    } as unknown as NoteStore;
    const writer = createNoteWriter({
      dialect: 'sqlite',
      caches: {} as NoteCaches,
      store,
      storeOn: () => store,
    });

    const written = writer.inTransaction(async () => {
      steps.push('work');
      return 'done';
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(steps).toEqual([]);
    steps.push('index ready');
    indexReady();
    expect(await written).toBe('done');
    expect(steps).toEqual(['index ready', 'transaction opened', 'work']);
  });
});
