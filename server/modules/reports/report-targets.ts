import type { Kysely } from 'kysely';
import type { ReportSnapshot, ReportTargetState } from '../../../contract/report.ts';
import type { Database } from '../../db/schema.ts';
import { toApiId } from '../../lib/ids.ts';
import type { TargetKey } from './report-repository.ts';

/** What a report needs to know about its target, read the same way for all four kinds. */
export interface TargetFacts {
  authorId: number;
  /** Direct messages only: who received it (only they may report it). */
  recipientId: number | null;
  /** Notes only: its review status (a note that is not published is hidden). */
  status: string | null;
  snapshot: ReportSnapshot;
  hidden: boolean;
}

/** Reads reported content from the tables that own it, one row per call (by primary key). */
export function createReportTargets(db: Kysely<Database>) {
  async function usernameOf(id: number): Promise<string | null> {
    const row = await db
      .selectFrom('users')
      .select('username')
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.username ?? null;
  }

  async function withAuthor(
    authorId: number,
    rest: Omit<TargetFacts, 'authorId' | 'snapshot'> & {
      title: string | null;
      content: string;
      postId: number | null;
    },
  ): Promise<TargetFacts> {
    const username = await usernameOf(authorId);
    return {
      authorId,
      recipientId: rest.recipientId,
      status: rest.status,
      hidden: rest.hidden,
      snapshot: {
        author: username === null ? null : { id: toApiId(authorId), username },
        title: rest.title,
        content: rest.content,
        postId: rest.postId === null ? null : toApiId(rest.postId),
      },
    };
  }

  return {
    async facts(target: TargetKey): Promise<TargetFacts | null> {
      switch (target.type) {
        case 'post': {
          const row = await db
            .selectFrom('posts')
            .select(['author_id', 'title', 'content', 'status'])
            .where('id', '=', target.id)
            .executeTakeFirst();
          if (!row) return null;
          return withAuthor(row.author_id, {
            recipientId: null,
            status: row.status,
            hidden: row.status !== 'approved',
            title: row.title,
            content: row.content,
            postId: target.id,
          });
        }
        case 'comment': {
          const row = await db
            .selectFrom('comments')
            .select(['author_id', 'content', 'post_id', 'hidden_reason'])
            .where('id', '=', target.id)
            .executeTakeFirst();
          if (!row) return null;
          return withAuthor(row.author_id, {
            recipientId: null,
            status: null,
            hidden: row.hidden_reason !== null,
            title: null,
            content: row.content,
            postId: row.post_id,
          });
        }
        case 'message': {
          const row = await db
            .selectFrom('messages')
            .select(['sender_id', 'recipient_id', 'content', 'hidden_reason'])
            .where('id', '=', target.id)
            .executeTakeFirst();
          if (!row) return null;
          return withAuthor(row.sender_id, {
            recipientId: row.recipient_id,
            status: null,
            hidden: row.hidden_reason !== null,
            title: null,
            content: row.content,
            postId: null,
          });
        }
        case 'user': {
          const row = await db
            .selectFrom('users')
            .select(['id', 'username', 'bio'])
            .where('id', '=', target.id)
            .executeTakeFirst();
          if (!row) return null;
          return withAuthor(row.id, {
            recipientId: null,
            status: null,
            hidden: false,
            title: row.username,
            content: row.bio,
            postId: null,
          });
        }
      }
    },

    /** The target as it is now, for the admin's side-by-side with the snapshot. */
    async current(target: TargetKey): Promise<ReportTargetState> {
      const facts = await this.facts(target);
      if (!facts) return { exists: false, hidden: false, content: null };
      return { exists: true, hidden: facts.hidden, content: facts.snapshot.content };
    },
  };
}

export type ReportTargets = ReturnType<typeof createReportTargets>;
