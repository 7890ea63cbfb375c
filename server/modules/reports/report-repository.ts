import type { Insertable, Kysely, SelectQueryBuilder, Selectable } from 'kysely';
import type { ReportTargetType } from '../../../contract/report-rules.ts';
import type { Database, ReportsTable } from '../../db/schema.ts';
import type { PageWindow } from '../../lib/pagination.ts';

export type ReportRow = Selectable<ReportsTable>;
export type ReportStatus = ReportsTable['status'];
export type ResolveAction = NonNullable<ReportsTable['action']>;

export interface TargetKey {
  type: ReportTargetType;
  id: number;
}

/** Which reports a queue page shows: one status, and optionally one person's content. */
export interface ReportFilter {
  status: ReportStatus;
  authorId?: number;
}

function filtered<O>(
  query: SelectQueryBuilder<Database, 'reports', O>,
  filter: ReportFilter,
): SelectQueryBuilder<Database, 'reports', O> {
  const byStatus = query.where('status', '=', filter.status);
  return filter.authorId === undefined
    ? byStatus
    : byStatus.where('target_author_id', '=', filter.authorId);
}

export function createReportRepository(db: Kysely<Database>) {
  return {
    insert(values: Insertable<ReportsTable>): Promise<ReportRow> {
      return db.insertInto('reports').values(values).returningAll().executeTakeFirstOrThrow();
    },

    findById(id: number): Promise<ReportRow | undefined> {
      return db.selectFrom('reports').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The reporter's open report of this target (index reports_open_once). */
    findOpen(reporterId: number, target: TargetKey): Promise<ReportRow | undefined> {
      return db
        .selectFrom('reports')
        .selectAll()
        .where('reporter_id', '=', reporterId)
        .where('target_type', '=', target.type)
        .where('target_id', '=', target.id)
        .where('status', '=', 'open')
        .executeTakeFirst();
    },

    /**
     * One row per reported target, newest report first (index reports_status_target; with an
     * author, reports_author_status_target).
     */
    groups(filter: ReportFilter, window: PageWindow) {
      return filtered(
        db
          .selectFrom('reports')
          .select((eb) => [
            'target_type',
            'target_id',
            eb.fn.countAll<number>().as('n'),
            eb.fn.max('id').as('latest'),
          ]),
        filter,
      )
        .groupBy(['target_type', 'target_id'])
        .orderBy('latest', 'desc')
        .limit(window.limit)
        .offset(window.offset)
        .execute();
    },

    async countGroups(filter: ReportFilter): Promise<number> {
      const row = await db
        .selectFrom(
          filtered(db.selectFrom('reports').select('target_type'), filter)
            .groupBy(['target_type', 'target_id'])
            .as('g'),
        )
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** The reports of these targets in one status, with their reporters, newest first. */
    entries(status: ReportStatus, targets: TargetKey[]) {
      if (targets.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('reports')
        .innerJoin('users', 'users.id', 'reports.reporter_id')
        .selectAll('reports')
        .select([
          'users.username as reporter_username',
          'users.avatar as reporter_avatar',
          'users.premium_end_at as reporter_premium_end_at',
        ])
        .where('reports.status', '=', status)
        .where((eb) =>
          eb.or(
            targets.map((target) =>
              eb.and([
                eb('reports.target_type', '=', target.type),
                eb('reports.target_id', '=', target.id),
              ]),
            ),
          ),
        )
        .orderBy('reports.id', 'desc')
        .execute();
    },

    /** Resolves every open report of the target at once; answers their reporters. */
    async resolveOpen(
      target: TargetKey,
      action: ResolveAction,
      adminId: number,
      now = Date.now(),
    ): Promise<number[]> {
      const rows = await db
        .updateTable('reports')
        .set({ status: 'resolved', action, resolved_by: adminId, resolved_at: now })
        .where('status', '=', 'open')
        .where('target_type', '=', target.type)
        .where('target_id', '=', target.id)
        .returning('reporter_id')
        .execute();
      return rows.map((row) => row.reporter_id);
    },
  };
}

export type ReportRepository = ReturnType<typeof createReportRepository>;
export type ReportEntryRow = Awaited<ReturnType<ReportRepository['entries']>>[number];
