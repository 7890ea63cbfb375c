import useSWR from 'swr';
import { profileCacheKey, userProfileFetcher } from '../../../lib/user-fetch';
import { getProfileUser } from '../api/get-profile-user';

/** An `api_cache:` key: kept 5 min (SPEC.md section 9), and a 429 keeps the user on screen. */
export const profileUserKey = (id: string) => profileCacheKey(id);

export function useProfileUser(id: string | undefined) {
  return useSWR(id ? profileUserKey(id) : null, userProfileFetcher(id ?? '', getProfileUser), {
    revalidateOnFocus: false,
  });
}
