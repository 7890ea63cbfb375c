import type { FastifyInstance } from 'fastify';
import { ErrorBody } from '../../../contract/common.ts';
import { MentionSuggestions, MentionSuggestionsQuery } from '../../../contract/community.ts';
import { viewerOf } from '../users/viewer.ts';

/** The names the editor suggests (the notifications of mentions are wired with the services). */
export default async function mentionRoutes(app: FastifyInstance) {
  const { mentionSuggestions } = app.services;

  // For writers only: the editor asks as its author types after @.
  app.get<{ Querystring: MentionSuggestionsQuery }>(
    '/api/users/mention-suggestions',
    {
      preHandler: app.requireUser,
      schema: {
        querystring: MentionSuggestionsQuery,
        response: { 200: MentionSuggestions, 400: ErrorBody, 401: ErrorBody },
      },
    },
    (request) =>
      mentionSuggestions.forWriter(viewerOf(request).id, request.query.prefix, request.query.limit),
  );
}
