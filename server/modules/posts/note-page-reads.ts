import { turnBatches } from '../../lib/turn-batches.ts';
import type { NoteWithAuthor, PostRepository } from './post-repository.ts';

/**
 * At most this many notes are read in one query: an `in` list of each length is a text of SQL of
 * its own (server/db/ids-query.ts), and on PostgreSQL a named statement in every connection
 * (decision 046).
 */
const MAX_NOTES_A_QUERY = 32;

/**
 * Notes asked for by id in one turn of the event loop, read with one call of `find` (decisions
 * 051 and 054); each id is answered with its note, or undefined when `find` found none.
 */
export function batchedById<Found extends { row: { id: number } }>(
  find: (ids: readonly number[]) => Promise<Found[]>,
): (id: number) => Promise<Found | undefined> {
  return turnBatches<number, Found | undefined>(
    async (ids) => {
      const found = new Map((await find(ids)).map((note) => [note.row.id, note]));
      return ids.map((id) => found.get(id));
    },
    { maxBatchSize: MAX_NOTES_A_QUERY },
  );
}

/** Where the note page reads a note with its author. */
export interface NotePageReads {
  findWithAuthor(id: number): Promise<NoteWithAuthor | undefined>;
}

/** The note pages asked for in one turn of the event loop, read in one query (decision 051). */
export function batchedNotePageReads(
  posts: Pick<PostRepository, 'findWithAuthors'>,
): NotePageReads {
  return { findWithAuthor: batchedById((ids) => posts.findWithAuthors(ids)) };
}
