import { errorText } from '../../contract/page-messages';

/**
 * SPEC.md section 2's hidden utility: `?generate-sitemap=true` downloads sitemap.xml. Its code
 * loads only when asked for; a failure is only logged (SPEC.md section 8).
 */
export async function generateSitemapOnRequest(): Promise<void> {
  try {
    const [{ getSitemapEntries }, { buildSitemap, downloadSitemap }] = await Promise.all([
      import('../features/posts/api/get-sitemap'),
      import('../features/posts/sitemap'),
    ]);
    downloadSitemap(buildSitemap(window.location.origin, await getSitemapEntries()));
  } catch (error) {
    console.error(errorText.requestFailed, error);
  }
}
