import useSWR from 'swr';
import { getCategories } from '../api/get-categories';

/** The categories change only when an admin edits them: load once per visit. */
export function useCategories() {
  const { data, error, isLoading, mutate } = useSWR('categories', getCategories, {
    revalidateOnFocus: false,
    revalidateIfStale: false,
    dedupingInterval: 60 * 60 * 1000,
  });
  return { categories: data?.categories ?? [], error, isLoading, retry: () => void mutate() };
}
