import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabases } from '../helpers/test-app.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { ACCESS_RULES } from './access-rules.ts';
import type { Access } from './access-rules.ts';
import { routeInventory, routeKey } from './route-inventory.ts';
import { buildWorld, fillParams } from './world.ts';
import type { Member, World } from './world.ts';

type Role = 'visitor' | 'intruder';

const DENIED_ROLES: Record<Access, Role[]> = {
  public: [],
  member: ['visitor'],
  admin: ['visitor', 'intruder'],
  owner: ['visitor', 'intruder'],
};

/**
 * Bodies that pass validation, so that what refuses an intruder is the permission check and
 * not the schema.
 */
function validBody(key: string, world: World): object | undefined {
  const bodies: Record<string, object> = {
    'PUT /api/posts/:id': { title: '改掉别人的标题', content: '改掉别人的正文', categoryId: '1' },
    'POST /api/posts/admin/:id/review': { status: 'approved' },
    'POST /api/posts/admin/:id/category': { categoryId: '2' },
    'POST /api/users/pin-post': { postId: world.freeNote.id },
    'POST /api/users/unpin-post': { postId: world.freeNote.id },
    'POST /api/posts': { title: '标题', content: '正文', categoryId: '1' },
    'POST /api/posts/:id/comments': { content: '评论' },
    'POST /api/messages': { recipientId: world.author.user.id, content: '你好' },
    'POST /api/payments/orders': { kind: 'post', postId: world.paidNote.id },
    'PUT /api/auth/me': { bio: '新的简介' },
    'PUT /api/auth/password': { oldPassword: 'secret123', newPassword: 'secret456' },
  };
  return bodies[key];
}

/**
 * The role × route matrix of the audit: every route the app serves is called by each role that
 * must be refused, on a resource that exists; none of those calls may succeed, and afterwards
 * the world is as it was.
 */
describe.each(testDatabases)('who may call each route, on %s', (kind) => {
  let t: TestApp;
  let world: World;

  beforeAll(async () => {
    t = await createTestApp(kind);
    world = await buildWorld(t.app);
  });
  afterAll(() => t.close());

  it('classifies every route the app serves', () => {
    const unlisted = routeInventory(t.app)
      .map(routeKey)
      .filter((key) => !(key in ACCESS_RULES));
    expect(unlisted).toEqual([]);
  });

  it('refuses every route to every role below its rule, and nothing changes', async () => {
    const who: Record<Role, Member | null> = { visitor: null, intruder: world.intruder };
    const allowed: string[] = [];
    let checked = 0;
    for (const route of routeInventory(t.app)) {
      const key = routeKey(route);
      for (const role of DENIED_ROLES[ACCESS_RULES[key] ?? 'public']) {
        const response = await t.app.inject({
          method: route.method as 'GET',
          url: fillParams(route.url, world),
          headers: who[role]?.auth ?? {},
          payload: validBody(key, world),
        });
        checked += 1;
        if (response.statusCode < 400 || response.statusCode >= 500) {
          allowed.push(`${role} ${key} -> ${response.statusCode}`);
        }
      }
    }
    console.info(`security figure: ${checked} route × role refusals checked on ${kind}`);
    expect(allowed).toEqual([]);
    expect(checked).toBeGreaterThan(60);

    const note = await t.app.inject({ method: 'GET', url: `/api/posts/${world.freeNote.id}` });
    expect(note.json().title).toBe(world.freeNote.title);
    const pending = await t.app.inject({
      method: 'GET',
      url: `/api/posts/${world.pendingNote.id}`,
      headers: world.author.auth,
    });
    expect(pending.json().status).toBe('pending');
    const draft = await t.app.inject({
      method: 'GET',
      url: `/api/drafts/${world.draftId}`,
      headers: world.author.auth,
    });
    expect(draft.statusCode).toBe(200);
    const order = await t.app.inject({
      method: 'GET',
      url: `/api/payments/orders/${world.orderId}`,
      headers: world.buyer.auth,
    });
    expect(order.json().order.status).toBe('pending');
    const comments = await t.app.inject({
      method: 'GET',
      url: `/api/posts/${world.freeNote.id}/comments`,
    });
    expect(comments.body).toContain('作者自己的评论');
  });
});
