import useSWR from 'swr';
import { getProfileUser } from '../api/get-profile-user';

export const profileUserKey = (id: string) => ['profile-user', id] as const;

export function useProfileUser(id: string | undefined) {
  return useSWR(id ? profileUserKey(id) : null, ([, userId]) => getProfileUser(userId), {
    revalidateOnFocus: false,
  });
}
