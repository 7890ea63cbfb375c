import { useEffect } from 'react';
import type { Cache, Middleware, SWRConfiguration } from 'swr';
// SWR's own key serialiser (what `unstable_serialize` wraps), imported from where the hooks
// import it: through the package's index it splits the shared SWR modules out of the entry
// bundle into chunks of their own, which costs the home page 4 KB of first-load JavaScript.
import { serialize } from 'swr/_internal';
import type { PageData } from '../../contract/page-data';
import { PAGE_DATA_ELEMENT_ID } from '../../contract/page-hints';
import type { SwrEntries } from './page-data';

/** The data the server rendered this page with, read once from its HTML; null on other pages. */
export function readPageData(document: Document): PageData | null {
  const element = document.getElementById(PAGE_DATA_ELEMENT_ID);
  if (!element) return null;
  element.remove();
  try {
    const data = JSON.parse(element.textContent ?? '') as Partial<PageData>;
    if (!data.swr || typeof data.swr !== 'object') return null;
    const { signInFrom } = data;
    return {
      viewer: data.viewer ?? null,
      swr: data.swr,
      ...(typeof signInFrom === 'string' && { signInFrom }),
    };
  } catch {
    return null;
  }
}

type Key = Parameters<typeof serialize>[0];

/**
 * The key a hook's first answer is kept under. useSWRInfinite hands middleware its function of
 * page keys: a paged list counts as rendered when its first page was (page-data.ts keeps both).
 */
function keyOf(key: Key): string {
  const first =
    typeof key === 'function' ? (key as (index: number, previous: null) => Key)(0, null) : key;
  return serialize(first)[0];
}

/**
 * The SWR configuration a rendered page is drawn with, on the server and again when the browser
 * hydrates it: its answers as fallbacks and in the cache (paging on from them reads them there),
 * and a hook whose answer came with the page does not ask for it again when it first mounts: the
 * page was drawn with it a moment ago. Later mounts revalidate as usual. The same settings on
 * both sides draw the same loading states.
 */
export function renderedDataConfig(entries: SwrEntries): SWRConfiguration {
  const notMounted = new Set(Object.keys(entries));
  const renderedData: Middleware = (useSWRNext) => (key, fetcher, config) => {
    const serialized = keyOf(key);
    const rendered = notMounted.has(serialized);
    useEffect(() => {
      notMounted.delete(serialized);
    }, [serialized]);
    return useSWRNext(key, fetcher, rendered ? { ...config, revalidateOnMount: false } : config);
  };
  return {
    fallback: entries,
    use: [renderedData],
    // The cache SWR already has (the browser's is the one the app's API cache reads too).
    provider: (parent: Readonly<Cache>) => {
      const cache = parent as Cache;
      for (const [key, data] of Object.entries(entries)) cache.set(key, { data });
      return cache;
    },
  };
}
