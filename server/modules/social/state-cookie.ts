import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SocialType } from '../../../contract/social.ts';
import { STATE_TTL_MS } from './oauth-tokens.ts';

/**
 * The state's nonce also rides in an HttpOnly cookie of the browser that asked for it: a
 * callback carrying someone else's state (login CSRF) arrives without the matching cookie.
 */
const cookieName = (type: SocialType) => `oauth_state_${type}`;
const PATH = '/api/auth';

export function setStateCookie(
  reply: FastifyReply,
  type: SocialType,
  nonce: string,
  secure: boolean,
) {
  const attributes = [
    `${cookieName(type)}=${nonce}`,
    `Path=${PATH}`,
    `Max-Age=${STATE_TTL_MS / 1000}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ];
  void reply.header('set-cookie', attributes.join('; '));
}

export function clearStateCookie(reply: FastifyReply, type: SocialType) {
  void reply.header(
    'set-cookie',
    `${cookieName(type)}=; Path=${PATH}; Max-Age=0; HttpOnly; SameSite=Lax`,
  );
}

export function readStateCookie(request: FastifyRequest, type: SocialType): string | null {
  const name = cookieName(type);
  for (const pair of (request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = pair.trim().split('=');
    if (key === name) return value.join('=') || null;
  }
  return null;
}
