import { fillText } from '../../../contract/messages.ts';
import { peopleText } from '../../../contract/people.ts';
import { reportText } from '../../../contract/report.ts';
import { REPORT_ACTIONS_FOR } from '../../../contract/report-rules.ts';
import type {
  CreateReportBody,
  CreatedReport,
  ReportGroup,
  ReportList,
  ReportListQuery,
  ReportSnapshot,
  ResolveReportBody,
  ResolveReportResult,
} from '../../../contract/report.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { toApiId } from '../../lib/ids.ts';
import { pageCount, pageWindow } from '../../lib/pagination.ts';
import type { Viewer } from '../users/viewer.ts';
import type { DomainEventBus } from '../../plugins/domain-events.ts';
import type { ModerationService } from '../admin/moderation-service.ts';
import type { CommentRepository } from '../comments/comment-repository.ts';
import type { CommentService } from '../comments/comment-service.ts';
import { presentPerson } from '../follows/present-person.ts';
import type { MessageRepository } from '../messages/message-repository.ts';
import type { PostRepository } from '../posts/post-repository.ts';
import { isVisible } from '../posts/post-service.ts';
import type { PostService } from '../posts/post-service.ts';
import type { AuditRepository } from '../people/audit-repository.ts';
import type { PeopleService } from '../people/people-service.ts';
import type { UserRepository } from '../users/user-repository.ts';
import type { ReportEntryRow, ReportRepository, TargetKey } from './report-repository.ts';
import type { ReportTargets } from './report-targets.ts';

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

export function createReportService(deps: {
  reports: ReportRepository;
  targets: ReportTargets;
  posts: PostRepository;
  comments: CommentRepository;
  messages: Pick<MessageRepository, 'hide'>;
  audit: AuditRepository;
  moderation: ModerationService;
  postService: PostService;
  commentService: CommentService;
  events: DomainEventBus;
  /**
   * Bans as /admin/users does, so a ban from the queue revokes the sessions, closes the live
   * streams and is written to the audit log the same way.
   */
  people: Pick<PeopleService, 'ban'>;
  /** Names the person a filtered queue is limited to. */
  users: Pick<UserRepository, 'findById'>;
}) {
  const { reports, targets, posts, comments, messages, audit, events, users } = deps;
  const { moderation, postService, commentService, people } = deps;

  async function hide(admin: Viewer, target: TargetKey, reason: string) {
    if (target.type === 'post') {
      // A hidden note is a rejected one: feeds, search and the note page already keep it to
      // its author, who is told the reason by the review notification.
      await moderation.review(admin, target.id, { status: 'rejected', reason });
    } else if (target.type === 'comment') {
      // The note's card counts its comments, hidden ones too: it stays as it is.
      await comments.hide(target.id, reason);
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
      // The page names the person it is limited to; one never on record has nothing to show.
      const author =
        query.authorId === undefined ? null : await users.findById(Number(query.authorId));
      if (query.authorId !== undefined && !author) throw notFound(peopleText.userNotFound);
      const filter = { status, authorId: author?.id };
      const [groups, total] = await Promise.all([
        reports.groups(filter, window),
        reports.countGroups(filter),
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
        ...(author && { author: { id: toApiId(author.id), username: author.username } }),
        total,
        page: window.page,
        pages: pageCount(total, window.limit),
      };
    },

    /**
     * Resolves every open report of the report's target together and tells each reporter. Each
     * step may be repeated safely, so a retry after a failure part way finishes the work.
     */
    async resolve(
      admin: Viewer,
      id: number,
      body: ResolveReportBody,
    ): Promise<ResolveReportResult> {
      const { action } = body;
      const report = await reports.findById(id);
      if (!report) throw notFound(reportText.reportNotFound);
      if (report.status !== 'open') throw conflict(reportText.alreadyResolved);
      const target: TargetKey = { type: report.target_type, id: report.target_id };
      if (!REPORT_ACTIONS_FOR[target.type].includes(action)) {
        throw badRequest(reportText.actionNotApplicable);
      }
      if (action === 'ban') {
        const banReason = body.reason?.trim();
        if (!banReason) throw badRequest(peopleText.reasonRequired);
        if (report.target_author_id === null) throw notFound(peopleText.userNotFound);
        await people.ban(admin, report.target_author_id, banReason);
      }
      // Content already gone needs no action; the reports are still closed. A ban hides what
      // was reported too: the admin has judged it.
      if (target.type !== 'user' && (await targets.facts(target))) {
        if (action === 'hide' || action === 'ban') {
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
        snapshot.postId === null ? undefined : await posts.findById(Number(snapshot.postId));
      await events.emit('report.resolved', {
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
