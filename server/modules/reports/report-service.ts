import { fillText } from '../../../contract/messages.ts';
import { reportText } from '../../../contract/report.ts';
import type {
  CreateReportBody,
  CreatedReport,
  ReportGroup,
  ReportList,
  ReportListQuery,
  ReportSnapshot,
  ResolveReportResult,
} from '../../../contract/report.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { toApiId } from '../../lib/ids.ts';
import { pageCount, pageWindow } from '../../lib/pagination.ts';
import type { Viewer } from '../../plugins/auth.ts';
import { createModerationService } from '../admin/moderation-service.ts';
import { createCommentRepository } from '../comments/comment-repository.ts';
import { createCommentService } from '../comments/comment-service.ts';
import { presentPerson } from '../follows/present-person.ts';
import { createMessageRepository } from '../messages/message-repository.ts';
import type { NotesContext } from '../posts/notes-context.ts';
import { isVisible } from '../posts/post-service.ts';
import { createPostService } from '../posts/post-service.ts';
import { createAuditRepository } from '../people/audit-repository.ts';
import { createReportRepository } from './report-repository.ts';
import type { ReportEntryRow, ResolveAction, TargetKey } from './report-repository.ts';
import { createReportTargets } from './report-targets.ts';

/** Which outcomes make sense per kind: a person is only dismissed here, a message never deleted. */
const ACTIONS_FOR: Record<TargetKey['type'], ResolveAction[]> = {
  post: ['hide', 'delete', 'dismiss'],
  comment: ['hide', 'delete', 'dismiss'],
  message: ['hide', 'dismiss'],
  user: ['dismiss'],
};

const EMPTY_SNAPSHOT: ReportSnapshot = { author: null, title: null, content: '', postId: null };

function readSnapshot(json: string): ReportSnapshot {
  try {
    return { ...EMPTY_SNAPSHOT, ...(JSON.parse(json) as Partial<ReportSnapshot>) };
  } catch {
    return EMPTY_SNAPSHOT;
  }
}

/** Unique-index violations on SQLite and PostgreSQL (two reports racing past the check). */
const isUniqueViolation = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
};

export function createReportService(context: NotesContext) {
  const reports = createReportRepository(context.db);
  const targets = createReportTargets(context.db);
  const comments = createCommentRepository(context.db);
  const messages = createMessageRepository(context.db);
  const moderation = createModerationService(context);
  const postService = createPostService(context);
  const commentService = createCommentService(context);
  const audit = createAuditRepository(context.db);

  async function hide(admin: Viewer, target: TargetKey, reason: string) {
    if (target.type === 'post') {
      // A hidden note is a rejected one: feeds, search and the note page already keep it to
      // its author, who is told the reason by the review notification.
      await moderation.review(admin, target.id, { status: 'rejected', reason });
    } else if (target.type === 'comment') {
      await comments.hide(target.id, reason);
      context.publicPages.clear();
    } else if (target.type === 'message') {
      await messages.hide(target.id, reason);
    }
  }

  async function remove(admin: Viewer, target: TargetKey) {
    if (target.type === 'post') await postService.remove(admin, target.id);
    else if (target.type === 'comment') await commentService.remove(admin, target.id);
  }

  function presentGroup(
    key: TargetKey,
    rows: ReportEntryRow[],
    current: ReportGroup['current'],
  ): ReportGroup {
    const latest = rows[0];
    const first = rows[rows.length - 1];
    return {
      id: toApiId(latest.id),
      targetType: key.type,
      targetId: toApiId(key.id),
      status: latest.status,
      action: latest.action,
      count: rows.length,
      // The first report's copy: the content as the first reporter saw it.
      snapshot: readSnapshot(first.snapshot),
      current,
      reports: rows.map((row) => ({
        id: toApiId(row.id),
        reporter: presentPerson({
          id: row.reporter_id,
          username: row.reporter_username,
          avatar: row.reporter_avatar,
          premium_end_at: row.reporter_premium_end_at,
        }),
        reason: row.reason,
        detail: row.detail,
        createdAt: new Date(row.created_at).toISOString(),
      })),
    };
  }

  return {
    async create(viewer: Viewer, body: CreateReportBody): Promise<CreatedReport> {
      const target: TargetKey = { type: body.targetType, id: Number(body.targetId) };
      const facts = await targets.facts(target);
      const visible =
        facts !== null &&
        (target.type !== 'post' ||
          isVisible({ status: facts.status as 'approved', author_id: facts.authorId }, viewer));
      if (!facts || !visible) throw notFound(reportText.targetNotFound);
      if (facts.authorId === viewer.id) throw badRequest(reportText.ownContent);
      if (target.type === 'message' && facts.recipientId !== viewer.id) {
        throw forbidden(reportText.notRecipient);
      }
      if (await reports.findOpen(viewer.id, target)) throw conflict(reportText.duplicate);
      try {
        const row = await reports.insert({
          reporter_id: viewer.id,
          target_type: target.type,
          target_id: target.id,
          target_author_id: facts.authorId,
          reason: body.reason,
          detail: body.detail?.trim() || null,
          snapshot: JSON.stringify(facts.snapshot),
          status: 'open',
          action: null,
          resolved_by: null,
          resolved_at: null,
          created_at: Date.now(),
        });
        return { id: toApiId(row.id), status: 'open' };
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(reportText.duplicate);
        throw error;
      }
    },

    async list(query: ReportListQuery): Promise<ReportList> {
      const status = query.status ?? 'open';
      const window = pageWindow(query);
      const [groups, total] = await Promise.all([
        reports.groups(status, window),
        reports.countGroups(status),
      ]);
      const keys: TargetKey[] = groups.map((group) => ({
        type: group.target_type,
        id: Number(group.target_id),
      }));
      const entries = await reports.entries(status, keys);
      const presented = await Promise.all(
        keys.map(async (key) => {
          const rows = entries.filter(
            (row) => row.target_type === key.type && row.target_id === key.id,
          );
          return presentGroup(key, rows, await targets.current(key));
        }),
      );
      return {
        groups: presented,
        total,
        page: window.page,
        pages: pageCount(total, window.limit),
      };
    },

    /** Resolves every open report of the report's target together and tells each reporter. */
    async resolve(admin: Viewer, id: number, action: ResolveAction): Promise<ResolveReportResult> {
      const report = await reports.findById(id);
      if (!report) throw notFound(reportText.reportNotFound);
      if (report.status !== 'open') throw conflict(reportText.alreadyResolved);
      const target: TargetKey = { type: report.target_type, id: report.target_id };
      if (!ACTIONS_FOR[target.type].includes(action)) {
        throw badRequest(reportText.actionNotApplicable);
      }
      // Content already gone needs no action; the reports are still closed.
      if (await targets.facts(target)) {
        if (action === 'hide') {
          await hide(admin, target, fillText(reportText.hiddenReason, { reason: report.reason }));
        } else if (action === 'delete') {
          await remove(admin, target);
        }
      }
      const reporterIds = await reports.resolveOpen(target, action, admin.id);
      await audit.record({
        adminId: admin.id,
        action: `report.${action}`,
        targetType: target.type,
        targetId: target.id,
        reason: report.reason,
        detail: `${reporterIds.length} 份举报`,
      });
      const snapshot = readSnapshot(report.snapshot);
      // The notification links the note only while it still exists.
      const post =
        snapshot.postId === null
          ? undefined
          : await context.posts.findById(Number(snapshot.postId));
      await context.events.emit('report.resolved', {
        reporterIds,
        adminId: admin.id,
        action,
        targetType: target.type,
        postId: post?.id ?? null,
        excerpt: snapshot.title ?? snapshot.content,
      });
      return { resolved: reporterIds.length, action };
    },
  };
}
