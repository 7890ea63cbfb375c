// Compiles the server to plain JavaScript in dist-server/, so production runs `node` on built
// files: no TypeScript loader in the running process. Plain .mjs so it runs before anything is
// built, with only node and esbuild.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const BARE = /^(?:@[^/]+\/)?[^./][^/]*/;

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
  },
  outdir: 'dist-server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  plugins: [externalDependencies],
  sourcemap: true,
  logLevel: 'warning',
});
