import type { FastifyInstance } from 'fastify';
import { SitemapList } from '../../../contract/post.ts';
import { robotsTxt, sitemapXml } from './sitemap-xml.ts';

/** Plain routes, so they answer before the static site's fallback to the app shell. */
export default async function sitemapRoutes(app: FastifyInstance) {
  const origin = app.config.publicOrigin.replace(/\/$/, '');

  app.get('/api/posts/sitemap', { schema: { response: { 200: SitemapList } } }, () =>
    app.services.posts.sitemap(),
  );

  app.get('/sitemap.xml', async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(sitemapXml(origin, await app.services.posts.sitemap())),
  );

  app.get('/robots.txt', async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .send(robotsTxt(origin)),
  );
}
