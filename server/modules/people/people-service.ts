import type { Kysely } from 'kysely';
import { DEFAULT_AVATAR } from '../../../contract/user-rules.ts';
import { peopleText } from '../../../contract/people.ts';
import type {
  AuditList,
  ManagedUser,
  ManagedUserList,
  MuteBody,
  UserListQuery,
  UserStatus,
} from '../../../contract/people.ts';
import type { Database } from '../../db/schema.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { toApiId } from '../../lib/ids.ts';
import { pageCount, pageWindow } from '../../lib/pagination.ts';
import type { Viewer } from '../users/viewer.ts';
import { createSessionRepository } from '../auth/session-repository.ts';
import type { Realtime } from '../events/realtime-plugin.ts';
import type { UserRow } from '../users/user-repository.ts';
import { createAuditRepository } from './audit-repository.ts';
import { createPeopleRepository } from './people-repository.ts';
import { isBanned, isMuted } from '../users/restrictions.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const USERS_PER_PAGE = 20;
const iso = (millis: number | null) => (millis === null ? null : new Date(millis).toISOString());

function statusOf(row: UserRow, now: number): UserStatus {
  const muted = isMuted(row, now);
  return {
    state: isBanned(row) ? 'banned' : muted ? 'muted' : 'active',
    mutedUntil: muted ? iso(row.muted_until) : null,
    muteReason: muted ? row.mute_reason : null,
    bannedAt: iso(row.banned_at),
    banReason: row.ban_reason,
  };
}

/** Mute, ban and lift, each written to the audit log; and the admin's list of people. */
export function createPeopleService(db: Kysely<Database>, realtime: Pick<Realtime, 'publish'>) {
  const people = createPeopleRepository(db);
  const audit = createAuditRepository(db);

  /** The person an admin may restrict: exists, is not the admin, is not another admin. */
  async function target(admin: Viewer, id: number): Promise<UserRow> {
    const row = await people.findById(id);
    if (!row) throw notFound(peopleText.userNotFound);
    if (row.id === admin.id) throw badRequest(peopleText.notSelf);
    if (row.is_admin === 1) throw forbidden(peopleText.notAdminTarget);
    return row;
  }

  return {
    async list(query: UserListQuery): Promise<ManagedUserList> {
      const window = pageWindow(query, USERS_PER_PAGE);
      const text = query.query?.trim() ?? '';
      let rows: UserRow[];
      let total: number;
      if (text) {
        // The name search has no cheap total: it reads up to the end of this page (plus one row
        // to tell whether another page follows), and the total counts what it read.
        const found = await people.find(text, window.offset + window.limit + 1);
        rows = found.slice(window.offset, window.offset + window.limit);
        total = found.length;
      } else {
        [rows, total] = await Promise.all([
          people.newest(window.limit, window.offset),
          people.countAll(),
        ]);
      }
      const counts = await people.counts(rows.map((row) => row.id));
      const now = Date.now();
      const users: ManagedUser[] = rows.map((row) => ({
        id: toApiId(row.id),
        username: row.username,
        email: row.email,
        avatar: row.avatar ?? DEFAULT_AVATAR,
        isAdmin: row.is_admin === 1,
        createdAt: new Date(row.created_at).toISOString(),
        notesCount: counts.notes.get(row.id) ?? 0,
        reportsAgainst: counts.reports.get(row.id) ?? 0,
        status: statusOf(row, now),
      }));
      return { users, total, page: window.page, pages: pageCount(total, window.limit) };
    },

    async mute(admin: Viewer, id: number, body: MuteBody): Promise<UserStatus> {
      await target(admin, id);
      const until = Date.now() + body.days * DAY_MS;
      await db.transaction().execute(async (trx) => {
        await createPeopleRepository(trx).mute(id, until, body.reason);
        await createAuditRepository(trx).record({
          adminId: admin.id,
          action: 'mute',
          targetType: 'user',
          targetId: id,
          reason: body.reason,
          detail: `${body.days} 天`,
        });
      });
      return statusOf((await people.findById(id))!, Date.now());
    },

    /** Bans, revokes every session at once and closes the person's live streams everywhere. */
    async ban(admin: Viewer, id: number, reason: string): Promise<UserStatus> {
      await target(admin, id);
      await db.transaction().execute(async (trx) => {
        await createPeopleRepository(trx).ban(id, reason);
        await createSessionRepository(trx).revokeAllForUser(id);
        await createAuditRepository(trx).record({
          adminId: admin.id,
          action: 'ban',
          targetType: 'user',
          targetId: id,
          reason,
        });
      });
      await realtime.publish(id, 'ended', { reason });
      return statusOf((await people.findById(id))!, Date.now());
    },

    async lift(admin: Viewer, id: number, reason: string): Promise<UserStatus> {
      const row = await target(admin, id);
      if (!isBanned(row) && !isMuted(row)) throw badRequest(peopleText.nothingToLift);
      await db.transaction().execute(async (trx) => {
        await createPeopleRepository(trx).lift(id);
        await createAuditRepository(trx).record({
          adminId: admin.id,
          action: 'lift',
          targetType: 'user',
          targetId: id,
          reason,
          detail: isBanned(row) ? 'ban' : 'mute',
        });
      });
      return statusOf((await people.findById(id))!, Date.now());
    },

    async audit(query: { page?: number; limit?: number }): Promise<AuditList> {
      const window = pageWindow(query, USERS_PER_PAGE);
      const [rows, total] = await Promise.all([
        audit.page(window.limit, window.offset),
        audit.count(),
      ]);
      return {
        entries: rows.map((row) => ({
          id: toApiId(row.id),
          admin: { id: toApiId(row.admin_id), username: row.admin_username },
          action: row.action,
          targetType: row.target_type,
          targetId: toApiId(row.target_id),
          targetName: row.target_username,
          reason: row.reason,
          detail: row.detail,
          createdAt: new Date(row.created_at).toISOString(),
        })),
        total,
        page: window.page,
        pages: pageCount(total, window.limit),
      };
    },
  };
}

export type PeopleService = ReturnType<typeof createPeopleService>;
