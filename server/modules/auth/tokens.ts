import { randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

/** Sessions last 30 days; logout or a password reset revokes the row before that. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export interface TokenClaims {
  userId: number;
  sessionId: string;
}

export const newSessionId = (): string => randomBytes(24).toString('base64url');

export async function signToken(secret: Uint8Array, claims: TokenClaims, now = Date.now()) {
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.userId))
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(Math.floor((now + SESSION_TTL_MS) / 1000))
    .sign(secret);
}

/**
 * Returns null for any token that is malformed, forged, expired or without an expiry: `exp` is
 * required, because a token without one would outlive any leak of it.
 */
export async function verifyToken(secret: Uint8Array, token: string): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'sub'],
    });
    const userId = Number(payload.sub);
    if (!Number.isSafeInteger(userId) || typeof payload.sid !== 'string') return null;
    return { userId, sessionId: payload.sid };
  } catch {
    return null;
  }
}
