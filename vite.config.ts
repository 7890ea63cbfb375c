import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { afterFirstPaint } from './build-tools/after-first-paint.ts';

const MANIFEST_FILE = 'manifest.webmanifest';

/**
 * The web app manifest lives at the repository root (ARCHITECTURE.md's layout), outside
 * public/: this serves it in dev and copies it into every build, where the service worker's
 * precache list picks it up.
 */
function rootManifest(): Plugin {
  const read = () => readFileSync(new URL(MANIFEST_FILE, import.meta.url), 'utf8');
  return {
    name: 'root-manifest',
    configureServer(server) {
      server.middlewares.use(`/${MANIFEST_FILE}`, (_request, response) => {
        response.setHeader('content-type', 'application/manifest+json');
        response.end(read());
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: MANIFEST_FILE, source: read() });
    },
  };
}

const COMPRESSIBLE = /\.(js|css|html|svg|webmanifest|json)$/;

/**
 * Writes `.br` and `.gz` beside each text asset of the build, at the strongest settings, so
 * the server sends them as they are (@fastify/static `preCompressed`) instead of compressing
 * on every request.
 */
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      for (const fileName of Object.keys(bundle)) {
        if (!COMPRESSIBLE.test(fileName)) continue;
        const file = path.join(options.dir ?? 'dist', fileName);
        const source = readFileSync(file);
        if (source.length < 1024) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(source, {
            params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
      }
    },
  };
}

/**
 * The API schema's version for the service worker: a hash of contract/ (its texts aside). Cached
 * API answers carry it, and a build with another one drops them (shared/offline/cache-names.ts).
 */
function apiSchemaVersion(): string {
  const folder = new URL('contract/', import.meta.url);
  const hash = createHash('sha256');
  const files = readdirSync(folder).filter(
    (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && file !== 'messages.ts',
  );
  for (const file of files.sort()) hash.update(file).update(readFileSync(new URL(file, folder)));
  return hash.digest('hex').slice(0, 12);
}

export default defineConfig(({ isSsrBuild }) => ({
  // The server build (`vite build --ssr`, the page renderer) needs only React; the rest makes the site.
  plugins: isSsrBuild
    ? [react()]
    : [
        react(),
        afterFirstPaint(),
        rootManifest(),
        precompress(),
        VitePWA({
          strategies: 'injectManifest',
          srcDir: 'sw',
          filename: 'sw.ts',
          registerType: 'prompt',
          // The page registers the worker itself (src/features/offline/service-worker.ts) to offer the update.
          injectRegister: false,
          manifest: false,
          injectManifest: {
            globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
            // The manifest's screenshots are for install dialogs, not for the offline shell.
            globIgnores: ['screenshots/**'],
          },
        }),
      ],
  // The server build is one module; public/ belongs to the site build only.
  publicDir: isSsrBuild ? false : 'public',
  // Read by the service worker build too (vite-plugin-pwa passes `define` on).
  define: { __API_SCHEMA__: JSON.stringify(apiSchemaVersion()) },
  build: {
    // The server reads which files a rendered page's bundle brings, to link them in its HTML.
    manifest: !isSsrBuild,
    rolldownOptions: {
      // contract/ builds its schemas with TypeBox at module level; the browser only wants the
      // constants beside them, so the unused schema calls (and TypeBox) are dropped.
      treeshake: {
        manualPureFunctions: ['Type'],
        moduleSideEffects: (id) => !/[\\/](typebox|contract)[\\/]/.test(id),
      },
    },
  },
  ssr: {
    // Bundled into the page renderer, which keeps only the icons the app draws: loaded from
    // node_modules, lucide-react's CommonJS build is every icon it has, some 33 MiB of the
    // server's memory in each thread that renders (decision 058).
    noExternal: ['lucide-react'],
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
}));
