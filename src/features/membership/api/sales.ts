import type { SalesReport } from '../../../../contract/payment';
import { api } from '../../../lib/api/client';

/** The caller's paid notes with sales and income, best selling first. */
export const getSales = (page: number, limit: number) =>
  api.get<SalesReport>('/api/payments/sales', { query: { page, limit } });
