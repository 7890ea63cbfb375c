import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../server/modules/pages/route-assets.ts';
import type { Manifest } from '../../server/modules/pages/route-assets.ts';

/** Runs on the build `npm test` makes before vitest (WEB_ROOT picks another build folder). */
const webRoot = path.resolve(process.env.WEB_ROOT ?? 'dist');
const manifest = JSON.parse(
  readFileSync(path.join(webRoot, '.vite/manifest.json'), 'utf8'),
) as Manifest;

/** The key every TypeBox schema carries, as the minifier leaves it in a chunk. */
const TYPEBOX_KIND = /["'`]~kind["'`]/;
const holdsTypeBox = (file: string) =>
  TYPEBOX_KIND.test(readFileSync(path.join(webRoot, file), 'utf8'));

/** A manifest entry and the chunks it imports before it runs, transitively. */
function staticChunks(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) staticChunks(imported, seen);
  return seen;
}

/**
 * The pages the server renders run no schema library: the limits and rules they share with the
 * server live in contract/*-rules.ts, apart from the TypeBox schemas that check requests.
 */
describe('schemas in the page bundles', () => {
  it('finds TypeBox where a bundle still holds it (the check itself works)', () => {
    const files = Object.values(manifest).map((chunk) => chunk.file);
    expect(
      files.filter((file) => file.endsWith('.js') && holdsTypeBox(file)).length,
    ).toBeGreaterThan(0);
  });

  it.each(['index.html', ...Object.values(ROUTES)])('keeps TypeBox out of %s', (key) => {
    const withSchemas = [...staticChunks(key)].filter((chunk) =>
      holdsTypeBox(manifest[chunk].file),
    );
    expect(withSchemas).toEqual([]);
  });
});
