import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeAdmin, registerUser, testDatabases } from '../helpers/test-app.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { fuzzRequest, seededRandom } from './fuzz-inputs.ts';
import { routeInventory } from './route-inventory.ts';

/** Requests per route and database; FUZZ_ROUNDS raises it for a longer hunt. */
const ROUNDS = Number(process.env.FUZZ_ROUNDS ?? 40);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);

/**
 * Hostile input on every route, as a visitor, a member and an admin: whatever arrives, the
 * answer is a 4xx (or a success), never a 5xx, and never a body without a Chinese message.
 */
describe.each(testDatabases)('fuzzed requests on every route, on %s', (kind) => {
  let t: TestApp;
  let auths: Record<string, string>[];

  beforeAll(async () => {
    t = await createTestApp(kind);
    const [member, admin] = await Promise.all([
      registerUser(t.app, 'fuzzer'),
      registerUser(t.app, 'fuzzadmin'),
    ]);
    await makeAdmin(t.app, admin.user.id);
    auths = [{}, member.auth, admin.auth];
  });
  afterAll(() => t.close());

  it('never answers 5xx', async () => {
    const random = seededRandom(SEED);
    // Logging out would end the fuzzing sessions part-way; those routes take no input anyway.
    const routes = routeInventory(t.app).filter((route) => !route.url.includes('/logout'));
    const failures: string[] = [];
    let sent = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const route of routes) {
        const request = fuzzRequest(random, route.method);
        const url = route.url.replace(/:\w+/g, request.param) + request.query;
        const response = await t.app.inject({
          method: route.method as 'GET',
          url,
          headers: { ...auths[round % auths.length], ...request.headers },
          payload: request.payload,
        });
        sent += 1;
        const body = response.body;
        const unexplained =
          response.statusCode >= 400 &&
          response.headers['content-type']?.toString().includes('json') &&
          !/[\u4e00-\u9fff]/.test(body);
        if (response.statusCode >= 500 || unexplained) {
          failures.push(
            `${route.method} ${url.slice(0, 120)} [${String(request.payload ?? '').slice(0, 80)}] -> ${response.statusCode} ${body.slice(0, 120)}`,
          );
        }
      }
    }
    console.info(`security figure: ${sent} fuzzed requests on ${kind}, ${failures.length} failed`);
    expect(failures).toEqual([]);
  });
});
