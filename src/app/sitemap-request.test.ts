import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSitemapEntries } from '../features/posts/api/get-sitemap';
import { downloadSitemap } from '../features/posts/sitemap';
import { generateSitemapOnRequest } from './sitemap-request';

vi.mock('../features/posts/api/get-sitemap', () => ({ getSitemapEntries: vi.fn() }));
vi.mock('../features/posts/sitemap', () => ({
  buildSitemap: vi.fn(() => '<urlset/>'),
  downloadSitemap: vi.fn(),
}));

afterEach(() => vi.restoreAllMocks());

describe('generateSitemapOnRequest', () => {
  it('downloads the sitemap it built', async () => {
    vi.mocked(getSitemapEntries).mockResolvedValueOnce([]);
    await generateSitemapOnRequest();
    expect(downloadSitemap).toHaveBeenCalledWith('<urlset/>');
  });

  it('only logs a failure: no toast, no throw', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.mocked(getSitemapEntries).mockRejectedValueOnce(new Error('offline'));
    await expect(generateSitemapOnRequest()).resolves.toBeUndefined();
    expect(log).toHaveBeenCalledTimes(1);
  });
});
