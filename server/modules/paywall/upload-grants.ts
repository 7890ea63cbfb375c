import { createHmac, timingSafeEqual } from 'node:crypto';

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * An `<img>` sends no bearer token, so a reader's URLs of a paid note's images carry a signed
 * grant instead. Grants change once a week (so the service worker's 7-day image cache keeps
 * hitting) and stay valid for at least a week after they are handed out.
 */
const WINDOW_MS = 7 * DAY_MS;

export interface UploadGrant {
  /** Expiry, epoch seconds. */
  e: string;
  /** Signature of the upload name and the expiry. */
  s: string;
}

export function createUploadGrants(secret: Uint8Array) {
  const key = createHmac('sha256', secret).update('paywall:upload-grant').digest();
  const signature = (name: string, expires: string) =>
    createHmac('sha256', key).update(`${name}\n${expires}`).digest('base64url').slice(0, 32);

  return {
    grant(name: string, now = Date.now()): UploadGrant {
      const expires = String(((Math.floor(now / WINDOW_MS) + 2) * WINDOW_MS) / 1000);
      return { e: expires, s: signature(name, expires) };
    },

    isValid(name: string, grant: Partial<UploadGrant>, now = Date.now()): boolean {
      if (!grant.e || !grant.s || !/^\d{1,12}$/.test(grant.e)) return false;
      if (Number(grant.e) * 1000 <= now) return false;
      const expected = Buffer.from(signature(name, grant.e));
      const given = Buffer.from(grant.s);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

export type UploadGrants = ReturnType<typeof createUploadGrants>;
