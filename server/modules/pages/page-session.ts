import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { PAGE_SESSION_COOKIE } from '../../../contract/page-hints.ts';
import type { Viewer } from '../users/viewer.ts';
import { SESSION_TTL_MS } from '../auth/tokens.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Who is reading a page (GET, HTML): the page cookie's live session, or null. */
    pageViewer: (request: FastifyRequest) => Promise<Viewer | null>;
  }
}

/** The routes that end the session the caller holds (every session, for logout-all). */
const SIGN_OUT_ROUTES = new Set(['/api/auth/logout', '/api/auth/logout-all']);

/** A sign-in's answer (contract/auth.ts AuthResponse), whichever way the reader signed in. */
function signedInToken(payload: unknown): string | null {
  if (!payload || typeof payload !== 'object') return null;
  const { token, user } = payload as { token?: unknown; user?: unknown };
  return typeof token === 'string' && token && user && typeof user === 'object' ? token : null;
}

/**
 * The page cookie (decision 027): every sign-in (password, SMS code, WeChat/QQ, registration)
 * also puts its token in an HttpOnly, SameSite=Lax cookie, Secure on https, and signing out
 * clears it. Pages read it to render for their reader; the API never does (server/plugins/
 * auth.ts reads the Authorization header only), so a cross-site request carrying the cookie
 * is a visitor's and no cross-site request forgery opens.
 */
async function pageSession(app: FastifyInstance) {
  await app.register(cookie);
  const secure = app.config.publicOrigin.startsWith('https:');
  const options = { path: '/', httpOnly: true, sameSite: 'lax', secure } as const;

  app.addHook('preSerialization', async (request, reply, payload) => {
    if (request.method !== 'POST' || reply.statusCode !== 200) return payload;
    const token = signedInToken(payload);
    if (token) {
      void reply.setCookie(PAGE_SESSION_COOKIE, token, {
        ...options,
        maxAge: SESSION_TTL_MS / 1000,
      });
    }
    return payload;
  });

  app.addHook('onSend', async (request, reply) => {
    if (request.method === 'POST' && SIGN_OUT_ROUTES.has(request.routeOptions.url ?? '')) {
      void reply.clearCookie(PAGE_SESSION_COOKIE, options);
    }
  });

  // A revoked, expired or banned session reads as a visitor, like its token on the API.
  app.decorate('pageViewer', async (request: FastifyRequest) => {
    const token = request.cookies[PAGE_SESSION_COOKIE];
    return token ? app.viewerOfToken(token) : null;
  });
}

export default fp(pageSession, { name: 'page-session', dependencies: ['auth'] });
