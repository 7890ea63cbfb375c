import type { User } from '../../../contract/user.ts';
import { DEFAULT_AVATAR } from '../../../contract/user-rules.ts';
import { isoOrNull, toApiId } from '../../lib/ids.ts';
import type { UserRow } from './user-repository.ts';

export const isPremiumAt = (row: Pick<UserRow, 'premium_end_at'>, now = Date.now()) =>
  row.premium_end_at !== null && row.premium_end_at > now;

/**
 * The one place a user row becomes an API user. Contact details go only to the user
 * themself (and admins); the password hash never leaves the repository layer.
 */
export function presentUser(
  row: UserRow,
  options: { withContact?: boolean; extra?: Partial<User> } = {},
): User {
  const id = toApiId(row.id);
  return {
    _id: id,
    id,
    username: row.username,
    avatar: row.avatar ?? DEFAULT_AVATAR,
    bio: row.bio,
    ...(options.withContact ? { email: row.email, phone: row.phone } : {}),
    isPremium: isPremiumAt(row),
    premiumEndDate: isPremiumAt(row) ? isoOrNull(row.premium_end_at) : null,
    isAdmin: row.is_admin === 1,
    atmosphereValue: row.atmosphere_value,
    createdAt: new Date(row.created_at).toISOString(),
    pinnedPostId: row.pinned_post_id === null ? null : toApiId(row.pinned_post_id),
    ...options.extra,
  };
}
