import { errorText } from '../../../../contract/page-messages';
import type { User } from '../../../../contract/user';
import { api } from '../../../lib/api/client';

/** A user with their totals (notes, likes received, followers, following). */
export const getProfileUser = (id: string) =>
  api.get<User>(`/api/auth/users/${encodeURIComponent(id)}`, {
    errorMessage: errorText.userFetchFailed,
  });
