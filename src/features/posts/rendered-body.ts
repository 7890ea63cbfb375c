import useSWR from 'swr';

/**
 * A note body as the server rendered it for the page (src/app/page-data.ts), carried in the
 * page's data beside the note: the browser hydrates the body from this HTML instead of parsing
 * the Markdown again, so the note page loads neither markdown-it nor highlight.js. `source` is
 * the Markdown it was rendered from: once the note changes (edited, or its paid part unlocked),
 * the HTML no longer belongs to it.
 */
export interface RenderedBody {
  source: string;
  html: string;
}

export const renderedBodyKey = (postId: string) => ['note-body', postId] as const;

/** The server's HTML of this note's body, when it was rendered from `source`. */
export function useRenderedBody(postId: string, source: string): string | undefined {
  // No fetcher: the entry exists only when the page came with it.
  const { data } = useSWR<RenderedBody>(renderedBodyKey(postId), null);
  return data?.source === source ? data.html : undefined;
}
