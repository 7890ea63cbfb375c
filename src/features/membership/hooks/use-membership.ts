import useSWR from 'swr';
import { getMembershipStatus, getPlans } from '../api/membership';

export function usePlans() {
  return useSWR('membership-plans', getPlans, { revalidateOnFocus: false });
}

/** The signed-in user's membership and orders; `userId` null loads nothing. */
export function useMembershipStatus(userId: string | null | undefined) {
  return useSWR(userId ? ['membership-me', userId] : null, getMembershipStatus);
}
