import useSWRInfinite from 'swr/infinite';
import type { SalesReport } from '../../../../contract/payment';
import { getSales } from '../api/sales';

const PAGE_SIZE = 10;

/** The author's sales report, page by page. */
export function useSales(userId: string | undefined) {
  const { data, error, size, setSize, isLoading, isValidating, mutate } = useSWRInfinite(
    (index, previous: SalesReport | null) => {
      if (!userId || (previous && previous.page >= previous.pages)) return null;
      return ['sales', userId, index + 1] as const;
    },
    ([, , page]) => getSales(page, PAGE_SIZE),
    { revalidateFirstPage: false },
  );
  const pages = data ?? [];
  const last = pages[pages.length - 1];
  return {
    items: pages.flatMap((page) => page.items),
    totals: pages[0]?.totals,
    error,
    isLoading,
    isLoadingMore: !error && size > 0 && pages.length < size && !isLoading,
    hasMore: Boolean(last && last.page < last.pages),
    loadMore: () => {
      if (!isValidating) void setSize(size + 1);
    },
    retry: () => void mutate(),
  };
}
