import useSWR from 'swr';
import { searchUsers } from '../api/search-users';

export function useUserSearch(keyword: string) {
  const text = keyword.trim();
  const { data, error, isLoading } = useSWR(
    text ? ['user-search', text] : null,
    ([, query]) => searchUsers(query),
    {
      revalidateOnFocus: false,
    },
  );
  return { users: data?.users ?? [], error, isLoading };
}
