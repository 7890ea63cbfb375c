// Compiles the server to plain JavaScript in dist-server/, so production runs `node` on built
// files: no TypeScript loader in the running process. Plain .mjs so it runs before anything is
// built, with only node and esbuild.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const BARE = /^(?:@[^/]+\/)?[^./][^/]*/;

/**
 * Pure-JavaScript ES-module packages bundled into the server instead: loaded from node_modules
 * they are thousands of small modules (typebox about 2 300, kysely about 1 000, jose about 180), each with its
 * module record and compiled code held for the life of the process; bundled, only what the
 * server uses is kept, in one file. None of them is also imported by an external package.
 */
const BUNDLED = new Set(['typebox', 'kysely', 'jose']);

/**
 * Dependencies stay in node_modules (native ones such as better-sqlite3, sharp and argon2 cannot
 * be bundled). tsx and bundlers accept an extensionless subpath like `@node-rs/jieba/dict`, but
 * Node's ESM loader does not when the package has no "exports" map: such imports are written
 * out with the file esbuild resolved them to.
 */
const externalDependencies = {
  name: 'external-dependencies',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.path.startsWith('node:') || args.pluginData === 'inner') return undefined;
      const packageName = BARE.exec(args.path)?.[0];
      if (packageName && BUNDLED.has(packageName)) return undefined;
      if (!packageName || packageName === args.path || path.extname(args.path)) {
        return { path: args.path, external: true };
      }
      const resolved = await builder.resolve(args.path, {
        kind: args.kind,
        resolveDir: args.resolveDir,
        pluginData: 'inner',
      });
      const root = resolved.path.slice(
        0,
        resolved.path.lastIndexOf(`/node_modules/${packageName}/`),
      );
      const packageDir = path.join(root, 'node_modules', packageName);
      const manifest = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
      if (manifest.exports) return { path: args.path, external: true };
      return {
        path: `${packageName}/${path.relative(packageDir, resolved.path)}`,
        external: true,
      };
    });
  },
};

await build({
  entryPoints: {
    main: 'server/main.ts',
    backup: 'server/ops/backup-command.ts',
    restore: 'server/ops/restore-command.ts',
    'sqlite-to-postgres': 'server/ops/sqlite-to-postgres-command.ts',
    // The read pool starts its threads from this file, next to main.js (server/db/read-pool.ts).
    'read-worker': 'server/db/read-worker.js',
    // ...and its foreground thread from this one.
    'page-read-worker': 'server/db/page-read-worker.js',
    // PostgreSQL's search ranker runs in this one (server/db/postings-thread.ts).
    'postings-worker': 'server/db/postings-worker.js',
    // jieba, for notes and queries (server/modules/search/segmenter-thread.ts).
    'segmenter-worker': 'server/modules/search/segmenter-worker.js',
    // React draws server-rendered pages in this one (server/modules/pages/page-renderer.ts).
    'page-render-worker': 'server/modules/pages/page-render-worker.js',
  },
  outdir: 'dist-server',
  bundle: true,
  // Split so that a module reached only by `await import()` (the PostgreSQL driver, Redis, S3,
  // the cover renderer) stays in its own file, with its packages' imports, and loads only when
  // asked for: without splitting esbuild hoists every package import to the top of main.js.
  // Chunks sit beside main.js, so `new URL('./read-worker.js', import.meta.url)` still resolves.
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  plugins: [externalDependencies],
  sourcemap: true,
  logLevel: 'warning',
});
