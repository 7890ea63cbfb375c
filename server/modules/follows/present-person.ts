import type { PostAuthor } from '../../../contract/post.ts';
import { DEFAULT_AVATAR } from '../../../contract/user-rules.ts';
import { toApiId } from '../../lib/ids.ts';
import { isPremiumAt } from '../users/present-user.ts';
import type { UserRow } from '../users/user-repository.ts';

export type PersonRow = Pick<UserRow, 'id' | 'username' | 'avatar' | 'premium_end_at'>;

/** The short form of a user that lists show next to a message or a notification. */
export function presentPerson(row: PersonRow): PostAuthor {
  const id = toApiId(row.id);
  return {
    _id: id,
    id,
    username: row.username,
    avatar: row.avatar ?? DEFAULT_AVATAR,
    isPremium: isPremiumAt(row),
  };
}
