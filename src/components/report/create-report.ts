import type { CreateReportBody, CreatedReport } from '../../../contract/report';
import { api } from '../../lib/api/client';

export const createReport = (body: CreateReportBody) =>
  api.post<CreatedReport>('/api/reports', body);
