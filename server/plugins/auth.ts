import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errorText } from '../../contract/messages.ts';
import { forbidden, unauthorized } from '../lib/errors.ts';
import { batchedLiveSessions } from '../modules/auth/live-sessions.ts';
import { createSessionRepository } from '../modules/auth/session-repository.ts';
import { verifyToken } from '../modules/auth/tokens.ts';
import { isPremiumAt } from '../modules/users/present-user.ts';
import type { UserRow } from '../modules/users/user-repository.ts';
import type { Viewer } from '../modules/users/viewer.ts';

declare module 'fastify' {
  interface FastifyRequest {
    viewer: Viewer | null;
    /** A token was sent but is invalid, expired or revoked. */
    tokenRejected: boolean;
  }
  interface FastifyInstance {
    /** The live session a token names, or null (invalid, expired, revoked, banned). */
    viewerOfToken: (token: string) => Promise<Viewer | null>;
    /** The session's user when the session is live, unrevoked, unbanned and that user's. */
    liveUser: (sessionId: string, userId: number) => Promise<UserRow | undefined>;
    requireUser: (request: FastifyRequest) => Promise<void>;
    requireAdmin: (request: FastifyRequest) => Promise<void>;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  const token = header.slice(7).trim();
  return token && token !== 'null' && token !== 'undefined' ? token : null;
}

async function auth(app: FastifyInstance) {
  // Off the thread that answers requests where SQLite has a read pool (decision 053).
  const sessions = batchedLiveSessions(createSessionRepository(app.foregroundReads));
  app.decorate('liveUser', sessions.liveUser);
  app.decorateRequest('viewer', null);
  app.decorateRequest('tokenRejected', false);

  async function viewerOfToken(token: string): Promise<Viewer | null> {
    const claims = await verifyToken(app.config.jwtSecret, token);
    const row = claims && (await sessions.liveUser(claims.sessionId, claims.userId));
    if (!claims || !row) return null;
    return {
      id: row.id,
      sessionId: claims.sessionId,
      isAdmin: row.is_admin === 1,
      isPremium: isPremiumAt(row),
      row,
    };
  }
  app.decorate('viewerOfToken', viewerOfToken);

  // API calls are authorised by the Authorization header alone, never by a cookie: the page
  // cookie (server/modules/pages/page-session.ts) only tells pages who is reading.
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const token = bearerToken(request);
    if (!token) return;
    request.viewer = await viewerOfToken(token);
    request.tokenRejected = request.viewer === null;
  });

  app.decorate('requireUser', async (request: FastifyRequest) => {
    if (!request.viewer) {
      throw unauthorized(
        request.tokenRejected ? errorText.sessionExpired : errorText.loginRequired,
      );
    }
  });

  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    await app.requireUser(request);
    if (!request.viewer?.isAdmin) throw forbidden(errorText.notAdmin);
  });
}

export default fp(auth, { name: 'auth', dependencies: ['database'] });
