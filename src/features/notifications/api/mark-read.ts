import { batch } from '../../../lib/api/batch';

export const markNotificationRead = (id: string) =>
  batch.put<unknown>(`/api/notifications/${encodeURIComponent(id)}/read`);

export const markAllNotificationsRead = () =>
  batch.put<unknown>('/api/notifications/mark-all-read');
