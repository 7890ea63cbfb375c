import path from 'node:path';
import type { PostList } from '../contract/post';
import { startSite } from '../tests/helpers/e2e';
import { FIRST_LOAD_BUDGET_BYTES, homeFirstLoad, totalGzip } from '../tests/budget/first-load';
import { IMAGE_QUALITY, IMAGE_QUALITY_DATA_SAVER } from '../sw/lib/constants';

/**
 * `npx tsx bench/page-weight.ts`: what the home page weighs. First-load JavaScript (gzip) of the
 * build in WEB_ROOT (default dist/), and the cover images of the first feed page as the service
 * worker asks for them on a normal connection (q 0.85) and on a slow one or with data saver
 * (q 0.6), at the widths a phone's two-column waterfall picks.
 */

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const WIDTHS = [320, 480];
const FORMATS = [
  { name: 'WebP', accept: 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8' },
  { name: 'JPEG/PNG', accept: 'image/*' },
];

async function variantBytes(
  origin: string,
  url: string,
  width: number,
  quality: number,
  accept: string,
) {
  const response = await fetch(`${origin}${url}?w=${width}&q=${quality}`, { headers: { accept } });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return (await response.arrayBuffer()).byteLength;
}

async function main() {
  const webRoot = path.resolve(process.env.WEB_ROOT ?? 'dist');
  const chunks = homeFirstLoad(webRoot);
  const firstLoad = totalGzip(chunks);
  console.log(
    `first-load JS (home): ${kb(firstLoad)} gzip in ${chunks.length} files (budget ${kb(FIRST_LOAD_BUDGET_BYTES)})`,
  );
  for (const chunk of chunks.slice(0, 5)) console.log(`  ${chunk.file} ${kb(chunk.gzipBytes)}`);

  const site = await startSite({ env: { RATE_LIMIT: 'off', WEB_ROOT: webRoot } });
  try {
    const feed = (await (
      await fetch(`${site.origin}/api/posts?sort=newest&page=1&limit=20`)
    ).json()) as PostList;
    const covers = feed.posts.flatMap((post) => (post.cover ? [post.cover.url] : []));
    console.log(`\nhome feed covers: ${covers.length} images`);
    for (const format of FORMATS) {
      for (const width of WIDTHS) {
        let normal = 0;
        let slow = 0;
        for (const url of covers) {
          normal += await variantBytes(site.origin, url, width, IMAGE_QUALITY, format.accept);
          slow += await variantBytes(
            site.origin,
            url,
            width,
            IMAGE_QUALITY_DATA_SAVER,
            format.accept,
          );
        }
        const saved = normal - slow;
        console.log(
          `  ${format.name} w=${width}: q ${IMAGE_QUALITY} ${kb(normal)}, q ${IMAGE_QUALITY_DATA_SAVER} ${kb(slow)}: ` +
            `a slow connection saves ${kb(saved)} (${((saved / normal) * 100).toFixed(0)} %)`,
        );
      }
    }
  } finally {
    await site.stop();
  }
}

await main();
