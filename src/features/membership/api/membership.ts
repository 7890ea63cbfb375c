import type { MembershipPlan, MembershipStatus } from '../../../../contract/membership';
import { api } from '../../../lib/api/client';

export const getPlans = () => api.get<MembershipPlan[]>('/api/membership/plans');

/** The caller's membership and latest orders. */
export const getMembershipStatus = () => api.get<MembershipStatus>('/api/membership/me');
