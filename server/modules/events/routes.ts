import type { FastifyInstance } from 'fastify';
import { ErrorBody } from '../../../contract/common.ts';
import { EVENT_TICKET_TTL_SECONDS, EventTicket, EventsQuery } from '../../../contract/events.ts';
import { errorText } from '../../../contract/messages.ts';
import { unauthorized } from '../../lib/errors.ts';
import { viewerOf } from '../users/viewer.ts';

export default async function eventRoutes(app: FastifyInstance) {
  const { unread } = app.services;

  app.post(
    '/api/events/ticket',
    { preHandler: app.requireUser, schema: { response: { 200: EventTicket, 401: ErrorBody } } },
    async (request) => ({
      ticket: await app.realtime.issueTicket(viewerOf(request)),
      expiresIn: EVENT_TICKET_TTL_SECONDS,
    }),
  );

  app.get<{ Querystring: EventsQuery }>(
    '/api/events',
    {
      schema: { querystring: EventsQuery, response: { 401: ErrorBody } },
      // Open as long as the reader is: the search gate does not wait for it (wiring/plugin.ts).
      config: { stream: true },
    },
    async (request, reply) => {
      const holder = await app.realtime.redeemTicket(request.query.ticket);
      // The session may have ended (logout) between issuing the ticket and using it.
      const live = holder && (await app.liveUser(holder.sessionId, holder.userId));
      if (!holder || !live) throw unauthorized(errorText.eventTicketInvalid);

      const header = request.headers['last-event-id'];
      const lastEventId =
        (typeof header === 'string' ? header : null) ?? request.query.lastEventId ?? null;
      reply.hijack();
      try {
        await app.realtime.hub.open(holder.userId, reply.raw, {
          lastEventId,
          // A hijacked reply sends none of Fastify's headers: the security headers set so far go
          // with the stream's own.
          headers: { ...reply.getHeaders(), 'x-request-id': request.id },
          snapshot: async () => ({
            name: 'unread',
            data: await unread.counts(holder.userId),
          }),
        });
      } catch (error) {
        // Headers are gone already: end the stream and let the client reconnect.
        request.log.error({ err: error }, 'event stream failed to start');
        reply.raw.end();
      }
    },
  );
}
