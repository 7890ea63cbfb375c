import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../lib/errors.ts';
import { jsonLimitProblem } from '../lib/json-limits.ts';

/**
 * Every JSON body, on every route (batch sub-requests included, they come back through here),
 * is parsed by Fastify's own safe parser and then held to the nesting and number limits.
 */
async function jsonBody(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    parse(request, String(body), (error, value) => {
      if (error) {
        done(error, undefined);
        return;
      }
      const problem = jsonLimitProblem(value);
      if (problem) done(badRequest(problem), undefined);
      else done(null, value);
    });
  });
}

export default fp(jsonBody, { name: 'json-body' });
