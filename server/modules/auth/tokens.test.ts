import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signToken, verifyToken } from './tokens.ts';

describe('session token signatures', () => {
  it('checks each token against its own secret, with the keys of both secrets imported', async () => {
    const first = new Uint8Array(randomBytes(32));
    const second = new Uint8Array(randomBytes(32));
    const claims = { userId: 7, sessionId: 's1' };
    const token = await signToken(first, claims);
    const other = await signToken(second, { userId: 8, sessionId: 's2' });
    for (let round = 0; round < 2; round += 1) {
      expect(await verifyToken(first, token)).toEqual(claims);
      expect(await verifyToken(second, other)).toEqual({ userId: 8, sessionId: 's2' });
      expect(await verifyToken(second, token)).toBeNull();
      expect(await verifyToken(first, other)).toBeNull();
    }
    const [header, payload] = token.split('.');
    const forged = `${header}.${payload}.${other.split('.')[2]}`;
    expect(await verifyToken(first, forged)).toBeNull();
  });
});
