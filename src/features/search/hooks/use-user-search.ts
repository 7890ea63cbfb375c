import useSWR from 'swr';
import { searchUsers } from '../api/search-users';

/** The SWR key of the people found for a keyword. */
export const userSearchKey = (text: string) => ['user-search', text] as const;

export function useUserSearch(keyword: string) {
  const text = keyword.trim();
  const { data, error, isLoading } = useSWR(
    text ? userSearchKey(text) : null,
    ([, query]) => searchUsers(query),
    {
      revalidateOnFocus: false,
    },
  );
  return { users: data?.users ?? [], error, isLoading };
}
