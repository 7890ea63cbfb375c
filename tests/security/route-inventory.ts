import type { FastifyInstance } from 'fastify';

export interface RouteEntry {
  method: string;
  /** The route's pattern, e.g. `/api/posts/:id/like`. */
  url: string;
}

const LINE = /^((?:[│ ] {3})*)[├└]── (\S+) \(([A-Z, ]+)\)$/;

/**
 * Every route the app serves, read from Fastify's own route tree (`printRoutes`), so a route
 * added later is checked without anyone remembering to list it. HEAD mirrors GET and is left
 * out. Fastify prints a child as the rest of its parent's path (`/api/auth/logout` then `-all`).
 */
export function routeInventory(app: FastifyInstance): RouteEntry[] {
  const tree = app.printRoutes({ commonPrefix: false });
  const parents: string[] = [];
  const routes: RouteEntry[] = [];
  for (const line of tree.split('\n')) {
    const match = LINE.exec(line);
    if (!match) continue;
    const depth = match[1].length / 4;
    const url = (depth > 0 ? parents[depth - 1] : '') + match[2];
    parents[depth] = url;
    parents.length = depth + 1;
    for (const method of match[3].split(', ')) {
      if (method !== 'HEAD') routes.push({ method, url });
    }
  }
  return routes;
}

export const routeKey = (route: RouteEntry) => `${route.method} ${route.url}`;
