import type { FeedbackList } from '../../../../contract/feedback';
import { api } from '../../../lib/api/client';

/** `GET /api/feedback` (admins only), newest first. */
export const getFeedback = (page: number) =>
  api.get<FeedbackList>('/api/feedback', { query: { page, limit: 20 } });
