import type { ReportAction, ReportList, ResolveReportResult } from '../../../../contract/report';
import { api } from '../../../lib/api/client';
import { adminRequest } from './admin-request';

export type ReportStatus = 'open' | 'resolved';
export const REPORT_PAGE_SIZE = 10;

export const getReportList = (status: ReportStatus, page: number) =>
  adminRequest(() =>
    api.get<ReportList>('/api/admin/reports', {
      query: { status, page, limit: REPORT_PAGE_SIZE },
    }),
  );

export const resolveReport = (id: string, action: ReportAction) =>
  adminRequest(() =>
    api.post<ResolveReportResult>(`/api/admin/reports/${encodeURIComponent(id)}/resolve`, {
      action,
    }),
  );
