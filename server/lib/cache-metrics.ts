import { Counter } from 'prom-client';

/**
 * Lookups of the in-process caches by name and result, for /metrics' hit rates. One counter
 * for the process (caches are made by modules that know nothing of the app's metrics plugin);
 * the plugin adds it to its registry.
 */
export const cacheLookups = new Counter({
  name: 'cache_lookups_total',
  help: 'Lookups of in-process caches, by cache and result (hit or miss)',
  labelNames: ['cache', 'result'] as const,
  registers: [],
});
