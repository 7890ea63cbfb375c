import { launchBrowser, startSite } from '../tests/helpers/e2e';
import { measureHomeImages, sameImagesRatio } from '../tests/helpers/slow-network';
import type { ImageMeasure } from '../tests/helpers/slow-network';

/**
 * `npx tsx bench/slow-network.ts`: the home page on a phone with the service worker installed,
 * on a normal connection and on slow 3G with Save-Data (DevTools' preset through CDP, applied
 * to the page and to the worker). Prints the image bytes (bodies) of each and their ratio (goal
 * ≤ 0.4), also for the files both loaded,
 * and how long the network stayed busy after the first screen had its images (goal: seconds,
 * not a minute). Each profile is measured SLOW_NETWORK_RUNS times (default 3); medians.
 */

const RUNS = Math.max(1, Number(process.env.SLOW_NETWORK_RUNS ?? 3));
const RATIO_GOAL = 0.4;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

type Summary = Omit<ImageMeasure, 'bytesByFile'>;

function summary(runs: ImageMeasure[]): Summary {
  return {
    imageBytes: median(runs.map((run) => run.imageBytes)),
    imageRequests: median(runs.map((run) => run.imageRequests)),
    firstScreenMs: median(runs.map((run) => run.firstScreenMs)),
    quietAfterFirstScreenMs: median(runs.map((run) => run.quietAfterFirstScreenMs)),
  };
}

async function main() {
  const site = await startSite({ env: { RATE_LIMIT: 'off' } });
  const browser = await launchBrowser();
  try {
    const results: Record<'normal' | 'slow', ImageMeasure[]> = { normal: [], slow: [] };
    for (let run = 0; run < RUNS; run++) {
      results.normal.push(await measureHomeImages(browser, site.origin, false));
      results.slow.push(await measureHomeImages(browser, site.origin, true));
    }
    const normal = summary(results.normal);
    const slow = summary(results.slow);
    for (const [name, measure] of [
      ['normal connection', normal],
      ['slow 3G + Save-Data', slow],
    ] as const) {
      console.log(
        `${name}: ${kb(measure.imageBytes)} of images in ${measure.imageRequests} requests; ` +
          `first screen ${seconds(measure.firstScreenMs)}, network quiet ` +
          `${seconds(measure.quietAfterFirstScreenMs)} after it`,
      );
    }
    const ratio = slow.imageBytes / normal.imageBytes;
    console.log(
      `image bytes slow / normal: ${ratio.toFixed(3)} (goal ≤ ${RATIO_GOAL}) ${ratio <= RATIO_GOAL ? 'ok' : 'OVER'}`,
    );
    const same = median(
      results.slow.map((run, index) => sameImagesRatio(results.normal[index], run)),
    );
    console.log(`  for the same image files: ${same.toFixed(3)}`);
  } finally {
    await browser.close();
    await site.stop();
  }
}

await main();
