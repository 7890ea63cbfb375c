import DataLoader from 'dataloader';
import { setImmediate as nextTurn } from 'node:timers';
import type { NoteWithAuthor, PostRepository } from './post-repository.ts';

/**
 * At most this many notes are read in one query: an `in` list of each length is a text of SQL of
 * its own (server/db/ids-query.ts), and on PostgreSQL a named statement in every connection
 * (decision 046).
 */
const MAX_NOTES_A_QUERY = 32;

/** Where the note page reads a note with its author. */
export interface NotePageReads {
  findWithAuthor(id: number): Promise<NoteWithAuthor | undefined>;
}

/**
 * The note pages asked for in one turn of the event loop, read in one query (decision 051). Each
 * query costs its round trip whatever it holds: on PostgreSQL over TCP, pg's write of a query
 * took 28 % of the busy time of the thread that answers requests under 50 connections of note
 * pages, and every query is parsed, planned and run by PostgreSQL on the same cores. Nothing is
 * kept between turns, so a page sees every write committed before its turn's query.
 *
 * DataLoader by default gathers what is asked before the next microtask checkpoint, which in Node
 * is one socket's callback, one request. A turn of the loop runs many, and Node's own
 * `setImmediate` (from `node:timers`, which tests' fake timers leave be) runs after all of them.
 */
export function batchedNotePageReads(
  posts: Pick<PostRepository, 'findWithAuthors'>,
): NotePageReads {
  const loader = new DataLoader<number, NoteWithAuthor | undefined>(
    async (ids) => {
      const found = new Map((await posts.findWithAuthors(ids)).map((note) => [note.row.id, note]));
      return ids.map((id) => found.get(id));
    },
    { cache: false, maxBatchSize: MAX_NOTES_A_QUERY, batchScheduleFn: (run) => nextTurn(run) },
  );
  return { findWithAuthor: (id) => loader.load(id) };
}
