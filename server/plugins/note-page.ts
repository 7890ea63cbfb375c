import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ID_PATTERN } from '../../contract/id-pattern.ts';
import { notePrefetchScript } from '../lib/note-prefetch.ts';
import { readManifest, routeAssets, routeAssetsMeta, ROUTES } from '../lib/route-assets.ts';

const VALID_ID = new RegExp(ID_PATTERN);

/**
 * The note page's HTML (issue 7): the shell, plus the note page bundle's files for the loader
 * to fetch with the entry, and a script that asks for the note and preloads its first image
 * while the app loads (server/lib/note-prefetch.ts). A malformed id gets the plain shell; the
 * app shows its 404 page.
 */
async function notePage(app: FastifyInstance) {
  const webRoot = app.config.webRoot;
  const shellFile = webRoot ? path.join(webRoot, 'index.html') : null;
  if (!webRoot || !shellFile || !existsSync(shellFile)) return;
  const shell = readFileSync(shellFile, 'utf8');
  const manifest = readManifest(webRoot);
  const assetsMeta = manifest ? routeAssetsMeta(routeAssets(manifest, ROUTES.post)) : '';

  app.get<{ Params: { id: string } }>('/post/:id', async (request, reply) => {
    void reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
    const { id } = request.params;
    if (!VALID_ID.test(id)) return shell;
    return shell.replace('</head>', `${assetsMeta}${notePrefetchScript(id)}</head>`);
  });
}

export default fp(notePage, { name: 'note-page', dependencies: ['static-site'] });
