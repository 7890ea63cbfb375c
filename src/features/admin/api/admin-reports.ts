import type { ReportList, ResolveReportResult } from '../../../../contract/report';
import type { ReportAction } from '../../../../contract/report-rules';
import { api } from '../../../lib/api/client';
import { adminRequest } from './admin-request';

export type ReportStatus = 'open' | 'resolved';
export const REPORT_PAGE_SIZE = 10;

/** `authorId` limits the queue to one person's reported content (a link from /admin/users). */
export const getReportList = (status: ReportStatus, page: number, authorId?: string) =>
  adminRequest(() =>
    api.get<ReportList>('/api/admin/reports', {
      query: { status, page, limit: REPORT_PAGE_SIZE, ...(authorId && { authorId }) },
    }),
  );

/** `reason` is the ban reason the author is shown (only `ban` takes one). */
export const resolveReport = (id: string, action: ReportAction, reason?: string) =>
  adminRequest(() =>
    api.post<ResolveReportResult>(`/api/admin/reports/${encodeURIComponent(id)}/resolve`, {
      action,
      reason,
    }),
  );
