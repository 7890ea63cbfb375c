import useSWR from 'swr';
import { getReportList } from '../api/admin-reports';
import type { ReportStatus } from '../api/admin-reports';

export function useReportList(status: ReportStatus, page: number) {
  return useSWR(
    ['admin-reports', status, page],
    ([, listStatus, listPage]) => getReportList(listStatus, listPage),
    { revalidateOnFocus: false, keepPreviousData: true },
  );
}
