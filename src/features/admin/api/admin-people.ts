import type { AuditList, ManagedUserList, MuteBody, UserStatus } from '../../../../contract/people';
import { api } from '../../../lib/api/client';
import { adminRequest } from './admin-request';

export const USERS_PAGE_SIZE = 20;
export type PeopleAction = 'mute' | 'ban' | 'lift';

export const getUserList = (query: string, page: number) =>
  adminRequest(() =>
    api.get<ManagedUserList>('/api/admin/users', {
      query: { ...(query ? { query } : {}), page, limit: USERS_PAGE_SIZE },
    }),
  );

export const restrictUser = (
  id: string,
  action: PeopleAction,
  body: MuteBody | { reason: string },
) =>
  adminRequest(() =>
    api.post<UserStatus>(`/api/admin/users/${encodeURIComponent(id)}/${action}`, body),
  );

export const getAuditList = (page: number) =>
  adminRequest(() =>
    api.get<AuditList>('/api/admin/audit', { query: { page, limit: USERS_PAGE_SIZE } }),
  );
