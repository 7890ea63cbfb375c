import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';

/** Fetches the notes and hands sitemap.xml to the browser, unless the page moved on. */
async function generateSitemap(isCancelled: () => boolean): Promise<void> {
  // Loaded on demand: nobody but a site owner ever asks for this.
  const [{ getSitemapEntries }, { buildSitemap, downloadSitemap }] = await Promise.all([
    import('../api/get-sitemap'),
    import('../sitemap'),
  ]);
  const xml = buildSitemap(window.location.origin, await getSitemapEntries());
  if (!isCancelled()) downloadSitemap(xml);
}

/** SPEC.md section 2's hidden utility: `?generate-sitemap=true` downloads sitemap.xml. */
export function useSitemapDownload() {
  const [params] = useSearchParams();
  const requested = params.get('generate-sitemap') === 'true';
  useEffect(() => {
    if (!requested) return;
    let cancelled = false;
    // SPEC.md section 8: a sitemap failure is only logged.
    generateSitemap(() => cancelled).catch((error: unknown) =>
      console.error('sitemap generation failed', error),
    );
    return () => {
      cancelled = true;
    };
  }, [requested]);
}
