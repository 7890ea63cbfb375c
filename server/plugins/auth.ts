import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errorText } from '../../contract/messages.ts';
import { forbidden, unauthorized } from '../lib/errors.ts';
import { createSessionRepository } from '../modules/auth/session-repository.ts';
import { verifyToken } from '../modules/auth/tokens.ts';
import { isPremiumAt } from '../modules/users/present-user.ts';
import type { UserRow } from '../modules/users/user-repository.ts';

/** Who is calling, resolved once per request from the bearer token and its session row. */
export interface Viewer {
  id: number;
  sessionId: string;
  isAdmin: boolean;
  isPremium: boolean;
  row: UserRow;
}

declare module 'fastify' {
  interface FastifyRequest {
    viewer: Viewer | null;
    /** A token was sent but is invalid, expired or revoked. */
    tokenRejected: boolean;
  }
  interface FastifyInstance {
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
  const sessions = createSessionRepository(app.db);
  app.decorateRequest('viewer', null);
  app.decorateRequest('tokenRejected', false);

  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const token = bearerToken(request);
    if (!token) return;
    const claims = await verifyToken(app.config.jwtSecret, token);
    const row = claims && (await sessions.findLiveUser(claims.sessionId, claims.userId));
    if (!claims || !row) {
      request.tokenRejected = true;
      return;
    }
    request.viewer = {
      id: row.id,
      sessionId: claims.sessionId,
      isAdmin: row.is_admin === 1,
      isPremium: isPremiumAt(row),
      row,
    };
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

/** For handlers behind requireUser: the viewer, typed as present. */
export function viewerOf(request: FastifyRequest): Viewer {
  if (!request.viewer) throw unauthorized();
  return request.viewer;
}
