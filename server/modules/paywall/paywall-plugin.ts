import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createPaywall } from './paywall.ts';
import type { Paywall } from './paywall.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Who may read a paid note and its images; every module that sends a note asks it. */
    paywall: Paywall;
  }
}

async function paywallPlugin(app: FastifyInstance) {
  app.decorate('paywall', createPaywall(app.db, { secret: app.config.jwtSecret }));
}

export default fp(paywallPlugin, { name: 'paywall', dependencies: ['database'] });
