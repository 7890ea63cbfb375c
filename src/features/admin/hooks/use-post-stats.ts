import useSWR from 'swr';
import { getPostStats } from '../api/admin-posts';

export function usePostStats() {
  return useSWR('admin-post-stats', getPostStats, { revalidateOnFocus: false });
}
