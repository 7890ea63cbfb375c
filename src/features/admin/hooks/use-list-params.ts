import { useSearchParams } from 'react-router-dom';

export interface ListFilter<T extends string> {
  /** Its name in the address (`?status=resolved`). */
  name: string;
  /** Reads the raw value, falling back to `initial` for a missing or unknown one. */
  parse: (raw: string | null) => T;
  /** The value left out of the address. */
  initial: T;
}

/**
 * An admin list's page and one filter, kept in the address so a reload or a shared link shows
 * the same page. A change starts again at the top of the page. `keep` names further parameters
 * (a link's `?authorId=`) that stay in the address until `show` is told to drop them.
 */
export function useListParams<T extends string = ''>(
  filter?: ListFilter<T>,
  keep: readonly string[] = [],
) {
  const [params, setParams] = useSearchParams();
  const value = (filter ? filter.parse(params.get(filter.name)) : '') as T;
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const kept = Object.fromEntries(
    keep.flatMap((name) => {
      const raw = params.get(name);
      return raw === null ? [] : [[name, raw]];
    }),
  ) as Partial<Record<string, string>>;

  function show(next: { value?: T; page?: number; drop?: readonly string[] }) {
    const query = new URLSearchParams();
    for (const [name, raw] of Object.entries(kept)) {
      if (raw !== undefined && !next.drop?.includes(name)) query.set(name, raw);
    }
    const nextValue = next.value ?? value;
    const nextPage = next.page ?? 1;
    if (filter && nextValue !== filter.initial) query.set(filter.name, nextValue);
    if (nextPage > 1) query.set('page', String(nextPage));
    setParams(query);
    window.scrollTo({ top: 0 });
  }

  return { value, page, kept, show };
}
