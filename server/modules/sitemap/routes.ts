import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { responseEncoding } from '../../plugins/compression.ts';
import type { SitemapForm } from './sitemap-documents.ts';
import { robotsTxt } from './sitemap-xml.ts';

/** Plain routes, so they answer before the static site's fallback to the app shell. */
export default async function sitemapRoutes(app: FastifyInstance) {
  const origin = app.config.publicOrigin.replace(/\/$/, '');
  const { sitemap } = app.services;

  /**
   * The bytes written and compressed once (sitemap-documents.ts): a response schema would
   * serialize 50,000 entries again for each request, and the compression plugin compress them.
   */
  const send = async (form: SitemapForm, request: FastifyRequest, reply: FastifyReply) => {
    const encoding = responseEncoding(request);
    const bytes = await sitemap.document(form, encoding);
    void reply.header('vary', 'accept-encoding');
    // Compressed already: the compression plugin passes an encoded answer as it is.
    if (encoding) void reply.header('content-encoding', encoding);
    return reply.send(bytes);
  };

  app.get('/api/posts/sitemap', (request, reply) =>
    send('json', request, reply.type('application/json; charset=utf-8')),
  );

  app.get('/sitemap.xml', (request, reply) =>
    send(
      'xml',
      request,
      reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600'),
    ),
  );

  app.get('/robots.txt', async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .send(robotsTxt(origin)),
  );
}
