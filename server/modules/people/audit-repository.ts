import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface AuditRecord {
  adminId: number;
  action: string;
  targetType: 'user' | 'post' | 'comment' | 'message';
  targetId: number;
  reason: string | null;
  detail?: string | null;
}

/** The admin audit log: appended to, read newest first through the primary key. */
export function createAuditRepository(db: Kysely<Database>) {
  return {
    async record(entry: AuditRecord, now = Date.now()) {
      await db
        .insertInto('admin_audit')
        .values({
          admin_id: entry.adminId,
          action: entry.action,
          target_type: entry.targetType,
          target_id: entry.targetId,
          reason: entry.reason,
          detail: entry.detail ?? null,
          created_at: now,
        })
        .execute();
    },

    async page(limit: number, offset: number) {
      return (
        db
          .selectFrom('admin_audit')
          .leftJoin('users', 'users.id', 'admin_audit.admin_id')
          // The person acted on, by primary key, so the log names them.
          .leftJoin('users as target', (join) =>
            join
              .onRef('target.id', '=', 'admin_audit.target_id')
              .on('admin_audit.target_type', '=', 'user'),
          )
          .selectAll('admin_audit')
          .select(['users.username as admin_username', 'target.username as target_username'])
          .orderBy('admin_audit.id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute()
      );
    },

    async count(): Promise<number> {
      const row = await db
        .selectFrom('admin_audit')
        .select((eb) => eb.fn.countAll<number | string>().as('total'))
        .executeTakeFirstOrThrow();
      return Number(row.total);
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
