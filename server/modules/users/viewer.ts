import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../../lib/errors.ts';
import type { UserRow } from './user-repository.ts';

/**
 * Who is calling, resolved once per request from the bearer token and its session row (by the
 * auth plugin, `server/plugins/auth.ts`, which sets `request.viewer`).
 */
export interface Viewer {
  id: number;
  sessionId: string;
  isAdmin: boolean;
  isPremium: boolean;
  row: UserRow;
}

/** For handlers behind requireUser: the viewer, typed as present. */
export function viewerOf(request: FastifyRequest): Viewer {
  if (!request.viewer) throw unauthorized();
  return request.viewer;
}
