import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database.ts';

/**
 * PostgreSQL: each word's notes and how often each holds it, kept by a trigger on `post_fts`
 * (docs/decisions/039-postgresql-word-notes.md), so that an instance reads a word's postings from one index, in order,
 * instead of every holding note's tsvector: 4.5–6 ms against 77–85 ms for a word in 12 000 of
 * 100 000 notes. Single ideographs are left out: a query looks them up in `chars`, never among
 * the words (parseSearch in segmenter.ts), and they are a third of the rows. SQLite reads FTS5's
 * own postings (word-postings.js).
 */
export function searchWordNotesSchema(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'sqlite') return;
      // Positions are the tokens (tsvectorLiteral keeps at most 256 of one word), as in
      // post_fts_words_length.
      const rowsOf = (source: string, postId: string) =>
        `SELECT lexeme, ${postId}, least(coalesce(array_length(positions, 1), 1), 32767)::smallint
          FROM unnest(${source}) WHERE lexeme !~ '^[一-鿿]$'`;
      await sql`CREATE TABLE search_word_notes (
        word text NOT NULL,
        -- Four bytes, as the postings are read (int4send in postgres-postings.ts).
        post_id integer NOT NULL,
        count smallint NOT NULL
      )`.execute(db);
      // Filled before its key is built (one sort, not an index insert a row), in the key's order:
      // a word's rows then lie together, and reading them before VACUUM has marked the table's
      // pages visible (so that the index alone is read) takes a few pages, not a page a note.
      await sql
        .raw(
          `INSERT INTO search_word_notes (word, post_id, count)
            SELECT words.* FROM post_fts, LATERAL (${rowsOf('post_fts.words', 'post_fts.post_id')}) AS words
            ORDER BY 1, 2`,
        )
        .execute(db);
      // With the count in the key's leaf, a word's postings are an index-only scan.
      await sql`ALTER TABLE search_word_notes ADD PRIMARY KEY (word, post_id) INCLUDE (count)`.execute(
        db,
      );
      await sql`ANALYZE search_word_notes`.execute(db);
      await sql
        .raw(
          `CREATE FUNCTION search_word_notes_keep() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
              IF TG_OP <> 'INSERT' THEN
                DELETE FROM search_word_notes
                  WHERE word = ANY (tsvector_to_array(OLD.words)) AND post_id = OLD.post_id;
              END IF;
              IF TG_OP <> 'DELETE' THEN
                INSERT INTO search_word_notes (word, post_id, count)
                  ${rowsOf('NEW.words', 'NEW.post_id')};
              END IF;
              RETURN NULL;
            END $$`,
        )
        .execute(db);
      await sql`CREATE TRIGGER search_word_notes_keep AFTER INSERT OR UPDATE OF words, post_id OR DELETE
        ON post_fts FOR EACH ROW EXECUTE FUNCTION search_word_notes_keep()`.execute(db);
    },
  };
}
