import { randomBytes, webcrypto } from 'node:crypto';
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
 * The secret as an HMAC key, imported once for each secret: given the bytes, jose imports them
 * anew at every verification, which was half of what checking a token cost a signed-in request
 * on the thread that answers requests (decision 042).
 */
const verifyKeys = new WeakMap<Uint8Array, Promise<webcrypto.CryptoKey>>();

function verifyKeyOf(secret: Uint8Array): Promise<webcrypto.CryptoKey> {
  let key = verifyKeys.get(secret);
  if (key === undefined) {
    key = webcrypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, [
      'verify',
    ]);
    verifyKeys.set(secret, key);
  }
  return key;
}

/**
 * Returns null for any token that is malformed, forged, expired or without an expiry: `exp` is
 * required, because a token without one would outlive any leak of it.
 */
export async function verifyToken(secret: Uint8Array, token: string): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, await verifyKeyOf(secret), {
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
