import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { errorText } from '../../contract/messages.ts';
import { readShell } from '../lib/shell.ts';

/** Files that must be revalidated on every visit so a deploy is picked up at once. */
const NEVER_CACHED = new Set(['/index.html', '/sw.js', '/manifest.webmanifest', '/registerSW.js']);

/**
 * Serves the built PWA: hashed assets cached for a year, the shell and the worker never cached,
 * every unknown page answered with the shell (the router draws its own 404 page) and every
 * unknown API path answered with a JSON 404.
 */
async function staticSite(app: FastifyInstance) {
  const webRoot = app.config.webRoot;
  if (webRoot) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      // vite.config.ts writes .br and .gz beside each built asset.
      preCompressed: true,
      index: false,
      setHeaders(res, filePath) {
        const relative = '/' + path.relative(webRoot, filePath).split(path.sep).join('/');
        if (relative.startsWith('/assets/')) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        } else if (NEVER_CACHED.has(relative)) {
          res.header('cache-control', 'no-cache');
        } else {
          res.header('cache-control', 'public, max-age=3600');
        }
      },
    });
  }
  const shell = readShell(webRoot);

  app.setNotFoundHandler((request, reply) => {
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/');
    if (isPage && shell) {
      return reply
        .code(200)
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(shell);
    }
    return reply.code(404).send({
      error: request.url.startsWith('/api/') ? errorText.apiNotFound : errorText.notFound,
    });
  });
}

export default fp(staticSite, { name: 'static-site', dependencies: ['database'] });
