import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createMailer } from '../modules/mail/mailer.ts';
import { createPaymentProviders } from '../modules/payments/payment-providers.ts';
import { describePaymentSetup } from '../modules/payments/payment-setup.ts';
import { createSmsProvider } from '../modules/sms/sms-provider.ts';
import { buildServices } from './services.ts';
import type { Services } from './services.ts';
import { readPoolKysely } from '../db/read-pool-kysely.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every repository-backed service, built once here; route plugins only read from it. */
    services: Services;
  }
  interface FastifyContextConfig {
    /** The answer stays open (an event stream): searches do not wait for it to end. */
    stream?: true;
  }
}

/**
 * The one place that builds the app's services: from the database, the configuration, the
 * storage, the event bus and the real-time stream that the plugins before it decorate.
 */
async function services(app: FastifyInstance) {
  const { config } = app;
  const mailer = createMailer(config.mail, app.log);
  app.addHook('onClose', async () => mailer.close());

  const payments = createPaymentProviders(config.payments, config.dataDir, (body, headers) =>
    app.inject({ method: 'POST', url: '/api/payments/notify/sandbox', payload: body, headers }),
  );
  const live = describePaymentSetup(config.payments.provider, process.env.NODE_ENV);
  app.log[live.level]({ paymentProvider: config.payments.provider }, live.message);

  app.decorate(
    'services',
    buildServices({
      config,
      db: app.db,
      dialect: app.dialect,
      readPool: app.readPool,
      foregroundReads: app.foregroundReads,
      searchReads: app.readPool ? readPoolKysely(app.readPool.all) : app.db,
      postingsThread: app.postingsThread,
      events: app.domainEvents,
      storage: app.storage,
      realtime: app.realtime,
      webPush: app.webPush,
      attempts: app.attempts,
      mailer,
      sms: createSmsProvider(config.sms, app.log),
      payments,
      log: app.log,
    }),
  );
  // Searches give way to every other request (createSearchGate): a request whose query holds
  // `search` (the API's list and the search page) is a search; any other counts from its first
  // hook until its answer is sent or its connection closes ('close' comes either way); a stream
  // that stays open does not count. Earlier hooks can wait (a turn's slice, the session), and a
  // client that hung up meanwhile has had its 'close' already: counted, it would never end, and
  // the gate would see the site busy for good (after a load test stopped mid-request, 30-44
  // such requests held searches at one at a time: 961 a second instead of 1,466).
  app.addHook('onRequest', (request, reply, done) => {
    const query = request.query as Record<string, unknown> | undefined;
    if (
      query?.search === undefined &&
      !request.routeOptions.config.stream &&
      !reply.raw.destroyed
    ) {
      const gate = app.services.searchGate;
      gate.otherStarted();
      reply.raw.once('close', gate.otherEnded);
    }
    done();
  });
  // Pushes already queued finish before the database they read from closes.
  app.addHook('onClose', () => app.services.pushes.idle());
}

export default fp(services, {
  name: 'services',
  dependencies: ['database', 'domain-events', 'storage', 'realtime', 'web-push', 'shared-counters'],
});
