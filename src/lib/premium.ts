import type { User } from '../../contract/user';

/**
 * SPEC.md section 6: a premium member's notes all count as paid. The stored user may be older
 * than the membership's end, so the end date is honoured here too.
 */
export function isActivePremium(
  user: Pick<User, 'isPremium' | 'premiumEndDate'> | null | undefined,
  now: Date = new Date(),
): boolean {
  if (user?.isPremium !== true) return false;
  if (!user.premiumEndDate) return true;
  const end = new Date(user.premiumEndDate);
  return Number.isNaN(end.getTime()) || end > now;
}
