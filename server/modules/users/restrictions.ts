import { fillText } from '../../../contract/messages.ts';
import { peopleText } from '../../../contract/people.ts';
import { forbidden } from '../../lib/errors.ts';
import type { UserRow } from './user-repository.ts';

type Restricted = Pick<UserRow, 'muted_until' | 'mute_reason' | 'banned_at' | 'ban_reason'>;

// The site's users read times in China Standard Time, whatever the server's zone is.
const chinaTime = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

export const isMuted = (row: Restricted, now = Date.now()) =>
  row.muted_until !== null && row.muted_until > now;

export const isBanned = (row: Restricted) => row.banned_at !== null;

/** Publishing a note, commenting and messaging: refused (403) while the user is muted. */
export function assertCanSpeak(row: Restricted, now = Date.now()): void {
  if (!isMuted(row, now)) return;
  throw forbidden(
    fillText(peopleText.muted, {
      until: chinaTime.format(row.muted_until ?? now),
      reason: row.mute_reason ?? '',
    }),
  );
}

/** Every sign-in path: refused (403) with the reason while the user is banned. */
export function assertCanSignIn(row: Restricted): void {
  if (isBanned(row)) throw forbidden(fillText(peopleText.banned, { reason: row.ban_reason ?? '' }));
}
