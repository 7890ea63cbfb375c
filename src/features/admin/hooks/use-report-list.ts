import useSWR from 'swr';
import { getReportList } from '../api/admin-reports';
import type { ReportStatus } from '../api/admin-reports';

export function useReportList(status: ReportStatus, page: number, authorId?: string) {
  return useSWR(
    ['admin-reports', status, page, authorId],
    ([, listStatus, listPage, listAuthor]) => getReportList(listStatus, listPage, listAuthor),
    { revalidateOnFocus: false, keepPreviousData: true },
  );
}
