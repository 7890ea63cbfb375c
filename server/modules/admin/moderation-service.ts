import type { PendingList, PendingQuery, ReviewBody } from '../../../contract/admin.ts';
import { errorText } from '../../../contract/messages.ts';
import type { Post } from '../../../contract/post.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { pageCount, pageWindow } from '../../lib/pagination.ts';
import type { Viewer } from '../users/viewer.ts';
import type { DomainEventBus } from '../../plugins/domain-events.ts';
import type { CategoryCatalog } from '../categories/category-catalog.ts';
import type { NoteWriter } from '../posts/note-writer.ts';
import type { PostChanges, PostRepository, PostRow } from '../posts/post-repository.ts';
import type { PostPresenter } from '../posts/present-post.ts';
import type { ModerationRepository } from './moderation-repository.ts';

/** Admins review notes and move them between categories; every action is recorded. */
export function createModerationService(deps: {
  posts: PostRepository;
  presenter: PostPresenter;
  categories: CategoryCatalog;
  log: ModerationRepository;
  writer: NoteWriter;
  events: DomainEventBus;
}) {
  const { posts, presenter, categories, log, writer, events } = deps;

  async function existing(id: number): Promise<PostRow> {
    const row = await posts.findById(id);
    if (!row) throw notFound(errorText.postNotFound);
    return row;
  }

  async function apply(
    admin: Viewer,
    row: PostRow,
    changes: PostChanges,
    action: string,
    reason: string | null,
  ): Promise<PostRow> {
    const updated = await posts.update(row.id, changes);
    if (!updated) throw notFound(errorText.postNotFound);
    await log.record({
      post_id: row.id,
      admin_id: admin.id,
      action,
      reason,
      created_at: Date.now(),
    });
    await writer.sync(updated);
    return updated;
  }

  return {
    async queue(query: PendingQuery, admin: Viewer): Promise<PendingList> {
      const window = pageWindow(query);
      const status = query.status ?? 'pending';
      const [rows, total] = await Promise.all([
        posts.listByStatus(status, window),
        posts.countByStatus(status),
      ]);
      return {
        posts: await Promise.all(rows.map((row) => presenter.full(row, admin))),
        total,
        page: window.page,
        pages: pageCount(total, window.limit),
      };
    },

    async review(admin: Viewer, id: number, body: ReviewBody): Promise<Post> {
      const reason = body.reason?.trim() || null;
      if (body.status === 'rejected' && !reason) {
        throw badRequest(errorText.rejectReasonRequired);
      }
      const row = await existing(id);
      const now = Date.now();
      const updated = await apply(
        admin,
        row,
        {
          status: body.status,
          reject_reason: body.status === 'rejected' ? reason : null,
          published_at: body.status === 'approved' ? (row.published_at ?? now) : row.published_at,
          updated_at: now,
        },
        body.status,
        reason,
      );
      await events.emit('post.reviewed', {
        postId: row.id,
        authorId: row.author_id,
        adminId: admin.id,
        status: body.status,
        reason,
      });
      return presenter.full(updated, admin);
    },

    async changeCategory(admin: Viewer, id: number, categoryId: number): Promise<Post> {
      const category = await categories.byId(categoryId);
      if (!category) throw badRequest(errorText.categoryInvalid);
      const row = await existing(id);
      const updated = await apply(
        admin,
        row,
        { category_id: category.id, updated_at: Date.now() },
        'category',
        category.slug,
      );
      return presenter.full(updated, admin);
    },
  };
}

export type ModerationService = ReturnType<typeof createModerationService>;
