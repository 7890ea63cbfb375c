import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { loopTurns } from '../lib/turn-slices.ts';
import type { TurnSlices } from '../lib/turn-slices.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Requests start within a slice of the event loop's turn (server/lib/turn-slices.ts). */
    turnSlices: TurnSlices;
  }
}

/** Registered before every other plugin, so that its hook is each request's first. */
async function turnSlices(app: FastifyInstance) {
  app.decorate('turnSlices', loopTurns);
  app.addHook('onRequest', (_request, _reply, done) => loopTurns.enter(() => done()));
}

export default fp(turnSlices, { name: 'turn-slices' });
