import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, startSite } from '../helpers/e2e';
import type { RunningSite } from '../helpers/e2e';
import { measureHomeImages, sameImagesRatio } from '../helpers/slow-network';

/**
 * A reader on slow 3G with data saver gets the home page's images for at most 0.4 of the bytes
 * of a normal connection, and the first screen's images are not held behind the rate limit.
 */
let site: RunningSite;
let browser: Browser;

beforeAll(async () => {
  site = await startSite({ env: { RATE_LIMIT: 'off' } });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

describe('home page on a slow connection', () => {
  it('costs at most 0.4 of the image bytes, and the network is quiet soon after the first screen', async () => {
    const normal = await measureHomeImages(browser, site.origin, false);
    const slow = await measureHomeImages(browser, site.origin, true);
    expect(normal.imageRequests).toBeGreaterThanOrEqual(4);
    expect(slow.imageRequests).toBeGreaterThanOrEqual(4);
    expect(sameImagesRatio(normal, slow)).toBeLessThanOrEqual(0.4);
    // In total too, with room for one more lazy image the slow visit may fetch further ahead.
    expect(slow.imageBytes / normal.imageBytes).toBeLessThanOrEqual(0.45);
    // The minute budget of 15 images once kept it busy for over a minute.
    expect(slow.quietAfterFirstScreenMs).toBeLessThan(20_000);
  }, 300_000);
});
