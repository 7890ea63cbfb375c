import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIRST_LOAD_BUDGET_BYTES, homeFirstLoad, totalGzip } from './first-load';

/** Runs on the build `npm test` makes before vitest (WEB_ROOT picks another build folder). */
const webRoot = path.resolve(process.env.WEB_ROOT ?? 'dist');

describe('first-load JavaScript budget', () => {
  it('keeps the home page within 140 KB gzip before interaction', () => {
    const chunks = homeFirstLoad(webRoot);
    const total = totalGzip(chunks);
    const breakdown = chunks
      .map((chunk) => `${chunk.file} ${(chunk.gzipBytes / 1024).toFixed(1)} KB`)
      .join(', ');
    expect(chunks.some((chunk) => /\bhome-/.test(chunk.file))).toBe(true);
    expect(
      total,
      `first load ${(total / 1024).toFixed(1)} KB gzip > 140 KB: ${breakdown}`,
    ).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_BYTES);
  });
});
