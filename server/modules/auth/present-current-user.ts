import type { CurrentUser } from '../../../contract/auth.ts';
import type { User } from '../../../contract/user.ts';
import { readUserSettings } from '../users/user-settings.ts';
import { presentUser } from '../users/present-user.ts';
import type { UserRow } from '../users/user-repository.ts';

/** The caller's own record: contact details, preferences and whether a password is set. */
export function presentCurrentUser(row: UserRow, extra?: Partial<User>): CurrentUser {
  return {
    ...presentUser(row, { withContact: true, extra }),
    settings: readUserSettings(row.settings),
    hasPassword: row.password_hash !== null,
  };
}
