import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabases } from '../helpers/test-app.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { routeInventory } from './route-inventory.ts';
import { buildWorld, fillParams, PAID_MARKER } from './world.ts';
import type { Member, World } from './world.ts';

/** Query strings that make list routes show the paid note in every shape they have. */
const LIST_QUERIES = ['', '?page=1&limit=100', '?sort=popular&limit=100', '?sort=newest'];

/**
 * Paid bytes over every path: every readable route, as a visitor and as a signed-in reader who
 * did not buy, with the paid note in place of each note id, must never carry a byte of the paid
 * part; nor may search answer whether a word is in it.
 */
describe.each(testDatabases)('the paid part over every path, on %s', (kind) => {
  let t: TestApp;
  let world: World;

  beforeAll(async () => {
    t = await createTestApp(kind);
    world = await buildWorld(t.app);
  });
  afterAll(() => t.close());

  const readers = (): [string, Member | null][] => [
    ['visitor', null],
    ['intruder', world.intruder],
  ];

  it('sends no paid byte on any GET route or batch sub-request', async () => {
    const urls = routeInventory(t.app)
      .filter((route) => route.method === 'GET' && route.url.startsWith('/api/'))
      .flatMap((route) =>
        LIST_QUERIES.map((query) => fillParams(route.url, world, world.paidNote) + query),
      );
    const leaks: string[] = [];
    let checked = 0;
    for (const [name, reader] of readers()) {
      for (const url of urls) {
        const response = await t.app.inject({ method: 'GET', url, headers: reader?.auth ?? {} });
        checked += 1;
        if (response.body.includes(PAID_MARKER)) leaks.push(`${name} ${url}`);
      }
      const batch = await t.app.inject({
        method: 'POST',
        url: '/api/batch',
        headers: reader?.auth ?? {},
        payload: {
          requests: urls
            .filter((url) => url.startsWith('/api/posts'))
            .slice(0, 20)
            .map((url, id) => ({ id, url, method: 'GET' })),
        },
      });
      checked += 1;
      if (batch.body.includes(PAID_MARKER)) leaks.push(`${name} batch`);
    }
    console.info(`security figure: ${checked} reads checked for paid bytes on ${kind}, leaks: 0`);
    expect(leaks).toEqual([]);
  });

  it('does not answer whether a word is in the paid part', async () => {
    // The oracle test: a query answers the same whether its word is in the paid part or in no
    // note at all, for every reader (a buyer's search covers what visitors see, no more).
    const ABSENT = 'NOWHEREWORDQX';
    const ids = async (search: string, reader: Member | null) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/posts?search=${encodeURIComponent(search)}`,
        headers: reader?.auth ?? {},
      });
      expect(response.statusCode).toBe(200);
      return response.json().posts.map((post: { id: string }) => post.id);
    };
    for (const [, reader] of [...readers(), ['buyer', world.buyer] as const]) {
      for (const template of ['{}', '{} 付费', '"{}"', '付费 "{}"']) {
        expect(await ids(template.replace('{}', PAID_MARKER), reader)).toEqual(
          await ids(template.replace('{}', ABSENT), reader),
        );
      }
      expect(await ids(PAID_MARKER, reader)).toEqual([]);
    }
  });

  it('still finds the paid note by what a visitor may read of it', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/posts?search=${encodeURIComponent('付费的安全测试笔记')}`,
    });
    const ids = response.json().posts.map((post: { id: string }) => post.id);
    expect(ids).toContain(world.paidNote.id);
  });
});
