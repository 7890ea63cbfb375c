import { randomBytes } from 'node:crypto';

/** A provider user of a fake (who "scans the QR code" or approves on QQ's page). */
export interface FakeSocialUser {
  openid: string;
  nickname: string;
  avatar: string;
}

interface Grant {
  user: FakeSocialUser;
  redirectUri: string;
  expiresAt: number;
  used: boolean;
}

const CODE_TTL_MS = 10 * 60 * 1000;

/**
 * The bookkeeping every fake OAuth provider needs: single-use authorisation codes bound to the
 * redirect URI they were issued for, and access tokens bound to an openid.
 */
export function createGrantBook() {
  const codes = new Map<string, Grant>();
  const tokens = new Map<string, FakeSocialUser>();
  let nextUser: FakeSocialUser | null = null;
  let counter = 0;

  return {
    /** Who approves the next authorisation; without it a fresh user is made up. */
    signInAs(user: FakeSocialUser) {
      nextUser = user;
    },
    newUser(prefix: string): FakeSocialUser {
      counter += 1;
      return {
        openid: `${prefix}-openid-${randomBytes(6).toString('hex')}`,
        nickname: `测试${prefix}用户${counter}`,
        avatar: `https://thirdparty.example/avatar/${counter}.png`,
      };
    },
    issueCode(redirectUri: string, prefix: string): string {
      const user = nextUser ?? this.newUser(prefix);
      nextUser = null;
      const code = randomBytes(16).toString('hex');
      codes.set(code, { user, redirectUri, expiresAt: Date.now() + CODE_TTL_MS, used: false });
      return code;
    },
    /** 'ok' with the user, or why the code is refused. */
    redeem(
      code: string,
      redirectUri: string | null,
    ): { ok: FakeSocialUser } | { error: 'unknown' | 'used' | 'redirect' } {
      const grant = codes.get(code);
      if (!grant || grant.expiresAt < Date.now()) return { error: 'unknown' };
      if (grant.used) return { error: 'used' };
      if (redirectUri !== null && redirectUri !== grant.redirectUri) return { error: 'redirect' };
      grant.used = true;
      return { ok: grant.user };
    },
    issueToken(user: FakeSocialUser): string {
      const token = randomBytes(24).toString('hex');
      tokens.set(token, user);
      return token;
    },
    userOfToken(token: string | null): FakeSocialUser | undefined {
      return token ? tokens.get(token) : undefined;
    },
  };
}

/** Follows a provider's authorise URL as the browser would; answers the callback URL. */
export async function followAuthorize(authorizeUrl: string): Promise<URL> {
  const response = await fetch(authorizeUrl, { redirect: 'manual' });
  const location = response.headers.get('location');
  if (response.status !== 302 || !location) {
    throw new Error(`authorize answered ${response.status}: ${await response.text()}`);
  }
  return new URL(location);
}
