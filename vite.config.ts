import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

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

export default defineConfig({
  plugins: [
    react(),
    rootManifest(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      // The page registers the worker itself (src/app/service-worker.tsx) to offer the update.
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
      },
    }),
  ],
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
});
