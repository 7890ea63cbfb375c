import { BlockList, isIP } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { notFound } from '../lib/errors.ts';
import { cacheLookups } from '../lib/cache-metrics.ts';

const PAYMENT_NOTICE_ROUTE = '/api/payments/notify/:provider';

/** METRICS_ALLOW's addresses and CIDR ranges (IPv4 and IPv6) as one matcher. */
export function addressMatcher(entries: string[]): (address: string | undefined) => boolean {
  const list = new BlockList();
  for (const entry of entries) {
    const [address, prefix] = entry.split('/') as [string, string | undefined];
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (isIP(address) === 0) throw new Error(`METRICS_ALLOW: not an address: ${entry}`);
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return (raw) => {
    if (!raw) return false;
    // An IPv4 client on a dual-stack socket shows as ::ffff:a.b.c.d.
    const address = raw.startsWith('::ffff:') && isIP(raw.slice(7)) === 4 ? raw.slice(7) : raw;
    return list.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
  };
}

/** The route's pattern (never the raw URL, which would make one series per note id). */
const routeOf = (request: FastifyRequest) => request.routeOptions.url ?? 'unmatched';

/**
 * Prometheus metrics at /metrics (prom-client), for this instance only. Readable only from
 * METRICS_ALLOW, judged by the connection's own address, and never through a proxy: a request
 * that carries X-Forwarded-For came through the balancer, whose forwarded address a client
 * could have written.
 */
async function metrics(app: FastifyInstance) {
  const allowed = addressMatcher(app.config.metricsAllow);
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  registry.registerMetric(cacheLookups);

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Answered HTTP requests by method, route pattern and status',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const paymentNotices = new Counter({
    name: 'payment_notices_total',
    help: 'Payment providers’ notices by provider and answer status',
    labelNames: ['provider', 'status_code'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'event_streams_open',
    help: 'Server-sent event streams held open by this instance',
    registers: [registry],
    collect() {
      this.set(app.hasDecorator('realtime') ? app.realtime.hub.connectedCount() : 0);
    },
  });
  new Gauge({
    name: 'database_pool_connections',
    help: 'PostgreSQL pool connections by state (absent on SQLite)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = app.databasePoolStats();
      if (!stats) return;
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });

  new Gauge({
    name: 'requests_waiting_for_turn',
    help: 'Requests waiting for a turn of the event loop (server/lib/turn-slices.ts)',
    registers: [registry],
    collect() {
      this.set(app.hasDecorator('turnSlices') ? app.turnSlices.waiting() : 0);
    },
  });
  new Gauge({
    name: 'search_gate_searches',
    help: 'Searches running and waiting behind other requests (server/lib/priority-gate.ts)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      if (!app.hasDecorator('services')) return;
      const { running, waiting } = app.services.searchGate.stats();
      this.set({ state: 'running' }, running);
      this.set({ state: 'waiting' }, waiting);
    },
  });
  new Counter({
    name: 'search_gate_given_up_total',
    help: 'Searches given up in line because their client had hung up (server/lib/priority-gate.ts)',
    registers: [registry],
    collect() {
      if (!app.hasDecorator('services')) return;
      // The gate keeps the count; a counter can only be raised, so it is set as reset plus it.
      this.reset();
      this.inc(app.services.searchGate.stats().givenUp);
    },
  });

  app.addHook('onResponse', async (request, reply) => {
    const route = routeOf(request);
    requests.inc({ method: request.method, route, status_code: reply.statusCode });
    // Fastify's own clock starts before the first hook, so the time a request waited for a turn
    // of the event loop (server/lib/turn-slices.ts) is counted.
    duration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    if (route === PAYMENT_NOTICE_ROUTE) {
      const { provider } = request.params as { provider?: string };
      paymentNotices.inc({ provider: provider ?? 'unknown', status_code: reply.statusCode });
    }
  });

  app.get('/metrics', { config: { rateLimit: false } }, async (request, reply) => {
    const proxied = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded;
    if (proxied || !allowed(request.socket.remoteAddress)) throw notFound();
    return reply
      .header('cache-control', 'no-store')
      .type(registry.contentType)
      .send(await registry.metrics());
  });
}

export default fp(metrics, { name: 'metrics', dependencies: ['database'] });
