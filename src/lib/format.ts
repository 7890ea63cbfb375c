import { BADGE_CAP } from './constants';
import { formatTexts } from './texts';

/**
 * SPEC.md section 5: under 1000 as is; 1000 to under 10000 as k with one decimal; 10000 and
 * above as 万 with one decimal. Decimals are cut, not rounded, so 9999 reads 9.9k, never 10.0k.
 */
export function formatCount(value: number | null | undefined): string {
  const count = Number.isFinite(value) && (value as number) > 0 ? Math.floor(value as number) : 0;
  if (count < 1000) return String(count);
  if (count < 10000) return `${(Math.floor(count / 100) / 10).toFixed(1)}k`;
  return `${(Math.floor(count / 1000) / 10).toFixed(1)}${formatTexts.tenThousand}`;
}

/** An unread count on a badge: over `BADGE_CAP` it shows 99+. */
export const formatBadgeCount = (count: number) => (count > BADGE_CAP ? `${BADGE_CAP}+` : count);

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * SPEC.md section 5: the same day shows the time with seconds, the same year the month and
 * day, older dates "N 年前". Local time; an unreadable date gives ''.
 */
export function formatTime(value: number | string | Date, now: Date = new Date()): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const sameYear = date.getFullYear() === now.getFullYear();
  if (sameYear && date.getMonth() === now.getMonth() && date.getDate() === now.getDate()) {
    return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
  }
  if (sameYear || date > now) {
    return formatTexts.monthDay(date.getMonth() + 1, date.getDate());
  }
  return formatTexts.yearsAgo(now.getFullYear() - date.getFullYear());
}
