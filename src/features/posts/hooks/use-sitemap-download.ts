import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { getSitemapEntries } from '../api/get-sitemap';
import { buildSitemap, downloadSitemap } from '../sitemap';

/** SPEC.md section 2's hidden utility: `?generate-sitemap=true` downloads sitemap.xml. */
export function useSitemapDownload() {
  const [params] = useSearchParams();
  const requested = params.get('generate-sitemap') === 'true';
  useEffect(() => {
    if (!requested) return;
    let cancelled = false;
    getSitemapEntries()
      .then((entries) => {
        if (!cancelled) downloadSitemap(buildSitemap(window.location.origin, entries));
      })
      // SPEC.md section 8: a sitemap failure is only logged.
      .catch((error: unknown) => console.error('sitemap generation failed', error));
    return () => {
      cancelled = true;
    };
  }, [requested]);
}
