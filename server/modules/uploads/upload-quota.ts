import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { errorText } from '../../../contract/messages.ts';
import type { Database } from '../../db/schema.ts';
import { tooManyRequests } from '../../lib/errors.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The site's users are in China: their day starts at midnight UTC+8. */
const CHINA_OFFSET_MS = 8 * 60 * 60 * 1000;

export const quotaDay = (at: number) => Math.floor((at + CHINA_OFFSET_MS) / DAY_MS);

export interface UploadQuotaLimits {
  dailyCount: number;
  dailyBytes: number;
}

export function createUploadQuota(db: Kysely<Database>, limits: UploadQuotaLimits) {
  return {
    /**
     * Counts one upload of `bytes` against the user's day, or refuses it with a 429. One
     * conditional upsert does the check and the count, so parallel uploads cannot all pass a
     * limit they would pass together (on SQLite and PostgreSQL alike).
     */
    async reserve(userId: number, bytes: number, now = Date.now()): Promise<void> {
      const day = quotaDay(now);
      const secondsLeft = ((day + 1) * DAY_MS - CHINA_OFFSET_MS - now) / 1000;
      if (bytes > limits.dailyBytes) {
        throw tooManyRequests(errorText.uploadQuotaExceeded, secondsLeft);
      }
      const counted = await db
        .insertInto('upload_quota')
        .values({ user_id: userId, day, count: 1, bytes })
        .onConflict((conflict) =>
          conflict
            .columns(['user_id', 'day'])
            .doUpdateSet({
              count: sql<number>`upload_quota.count + 1`,
              bytes: sql<number>`upload_quota.bytes + ${bytes}`,
            })
            .where(
              sql<boolean>`upload_quota.count < ${limits.dailyCount} AND upload_quota.bytes + ${bytes} <= ${limits.dailyBytes}`,
            ),
        )
        .returning('count')
        .executeTakeFirst();
      if (!counted) throw tooManyRequests(errorText.uploadQuotaExceeded, secondsLeft);
    },

    /** Counts of days that are over (kept one extra day for clocks near midnight). */
    async forgetBefore(now: number): Promise<void> {
      await db
        .deleteFrom('upload_quota')
        .where('day', '<', quotaDay(now) - 1)
        .execute();
    },
  };
}

export type UploadQuota = ReturnType<typeof createUploadQuota>;
