import { randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { AuthResponse } from '../../../contract/auth.ts';
import { errorText } from '../../../contract/messages.ts';
import type {
  AuthorizeResponse,
  NotBoundBody,
  SocialBindBody,
  SocialBindings,
  SocialLoginBody,
  SocialProviders,
  SocialRegisterBody,
  SocialType,
} from '../../../contract/social.ts';
import { USERNAME_PATTERN } from '../../../contract/user-rules.ts';
import type { OAuthConfig } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { AppError, badRequest, conflict, notFound, unauthorized } from '../../lib/errors.ts';
import type { ClientInfo } from '../auth/client-info.ts';
import type { IssueSession } from '../auth/session-issuer.ts';
import { createUserRepository } from '../users/user-repository.ts';
import type { UserRepository, UserRow } from '../users/user-repository.ts';
import type { NonceRepository } from './nonce-repository.ts';
import { createBindTicket, createState, readBindTicket, readState } from './oauth-tokens.ts';
import type { BindTicket } from './oauth-tokens.ts';
import { OAuthError } from './providers/oauth-provider.ts';
import type { OAuthProvider, SocialIdentity } from './providers/oauth-provider.ts';
import { createQqProvider } from './providers/qq.ts';
import { createWechatProvider } from './providers/wechat.ts';
import type { WordService } from '../words/word-service.ts';
import { createSocialRepository } from './social-repository.ts';
import type { SocialRepository } from './social-repository.ts';
import { fallbackUsername } from './texts.ts';

export type SocialLoginResult = { signedIn: AuthResponse } | { notBound: NotBoundBody };

/** 401 on the signed-out paths; 400 once signed in, where a 401 would read as "session over". */
type FailStatus = 400 | 401;

const notConfigured: Record<SocialType, string> = {
  wechat: errorText.wechatNotConfigured,
  qq: errorText.qqNotConfigured,
};

export function createSocialService(deps: {
  /** For registration, which writes the account and its binding in one transaction. */
  db: Kysely<Database>;
  users: UserRepository;
  accounts: SocialRepository;
  nonces: NonceRepository;
  issueSession: IssueSession;
  oauth: OAuthConfig;
  /** The server secret the state and bind tickets are signed with. */
  jwtSecret: Uint8Array;
  log: FastifyBaseLogger;
  /** Usernames chosen or made from a nickname are checked against the sensitive words. */
  words: Pick<WordService, 'find' | 'refuse'>;
}) {
  const { db, users, accounts, nonces, issueSession, oauth, log, words } = deps;
  const secret = deps.jwtSecret;
  const providers: Record<SocialType, OAuthProvider | null> = {
    wechat: oauth.wechat && createWechatProvider(oauth.wechat),
    qq: oauth.qq && createQqProvider(oauth.qq),
  };

  const redirectUri = (type: SocialType) =>
    `${oauth.redirectBase.replace(/\/$/, '')}/auth/${type}/callback`;

  function providerOf(type: SocialType): OAuthProvider {
    const provider = providers[type];
    if (!provider) throw new AppError(503, notConfigured[type]);
    return provider;
  }

  /** A provider call whose failure becomes 401/400 (refused) or 502 (unreachable). */
  async function ask(call: () => Promise<SocialIdentity>, status: FailStatus) {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof OAuthError)) throw error;
      log.warn({ err: error }, 'social sign-in refused or failed at the provider');
      throw error.kind === 'refused'
        ? new AppError(status, errorText.oauthFailed)
        : new AppError(502, errorText.oauthUnavailable);
    }
  }

  /** The web flow's return: a state of ours, for this provider and purpose, used only once. */
  async function identityFromRedirect(
    type: SocialType,
    body: { code: string; state: string },
    expected: { purpose: 'login' | 'bind'; userId: number | null; cookieNonce: string | null },
    status: FailStatus,
  ): Promise<SocialIdentity> {
    const state = await readState(secret, body.state);
    const matches =
      state !== null &&
      state.provider === type &&
      state.purpose === expected.purpose &&
      state.userId === expected.userId &&
      expected.cookieNonce !== null &&
      state.nonce === expected.cookieNonce;
    if (state === null || !matches || !(await nonces.spend(state.nonce, state.expiresAt))) {
      throw new AppError(status, errorText.oauthStateInvalid);
    }
    return ask(() => providerOf(type).identityFromCode(body.code, redirectUri(type)), status);
  }

  async function ticketFor(type: SocialType, token: string, status: FailStatus) {
    const ticket = await readBindTicket(secret, token);
    if (!ticket || ticket.provider !== type)
      throw new AppError(status, errorText.bindTicketInvalid);
    return ticket;
  }

  async function spendTicket(ticket: BindTicket, status: FailStatus) {
    if (!(await nonces.spend(ticket.nonce, ticket.expiresAt))) {
      throw new AppError(status, errorText.bindTicketInvalid);
    }
  }

  /**
   * A free username from the nickname: its usable characters, else 微信用户 / QQ用户 (also when
   * the nickname holds a listed sensitive word, which the person never typed here).
   */
  async function usernameFor(type: SocialType, nickname: string): Promise<string> {
    const cleaned = nickname.replace(/[^\u4e00-\u9fa5A-Za-z0-9_]/g, '').slice(0, 14);
    const usable = cleaned.length >= 2 && (await words.find(cleaned)).length === 0;
    const stem = usable ? cleaned : fallbackUsername[type];
    const pattern = new RegExp(USERNAME_PATTERN);
    for (let attempt = 0; attempt < 8; attempt += 1) {
      const candidate = attempt === 0 ? stem : `${stem}_${randomInt(1000, 100000)}`;
      if (pattern.test(candidate) && !(await users.findByUsername(candidate))) return candidate;
    }
    throw conflict(errorText.usernameTaken);
  }

  async function bindings(userId: number): Promise<SocialBindings> {
    const rows = await accounts.listForUser(userId);
    const present = (type: SocialType) => {
      const row = rows.find((account) => account.provider === type);
      return row
        ? {
            nickname: row.nickname,
            avatar: row.avatar,
            boundAt: new Date(row.created_at).toISOString(),
          }
        : null;
    };
    return { wechat: present('wechat'), qq: present('qq') };
  }

  async function assertUnbound(type: SocialType, identity: SocialIdentity, user: UserRow) {
    const owner = await accounts.findUser(type, identity.openid);
    if (owner) {
      throw conflict(
        owner.id === user.id ? errorText.socialAlreadyBound : errorText.socialBoundToOther,
      );
    }
    const mine = await accounts.listForUser(user.id);
    if (mine.some((account) => account.provider === type)) {
      throw conflict(errorText.socialAlreadyBound);
    }
  }

  return {
    providers(): SocialProviders {
      return { wechat: providers.wechat !== null, qq: providers.qq !== null };
    },

    async authorize(
      type: SocialType,
      purpose: 'login' | 'bind',
      viewer: UserRow | null,
    ): Promise<AuthorizeResponse & { nonce: string }> {
      const provider = providerOf(type);
      if (purpose === 'bind' && !viewer) throw unauthorized(errorText.loginRequired);
      const { token, state } = await createState(secret, {
        provider: type,
        purpose,
        userId: purpose === 'bind' ? viewer!.id : null,
      });
      return {
        url: provider.authorizeUrl(token, redirectUri(type)),
        state: token,
        nonce: state.nonce,
      };
    },

    async login(
      type: SocialType,
      body: SocialLoginBody,
      cookieNonce: string | null,
      client: ClientInfo,
    ): Promise<SocialLoginResult> {
      const provider = providerOf(type);
      let identity: SocialIdentity;
      if (body.code && body.state) {
        identity = await identityFromRedirect(
          type,
          { code: body.code, state: body.state },
          { purpose: 'login', userId: null, cookieNonce },
          401,
        );
      } else if (body.openid && body.access_token) {
        const { openid, access_token: accessToken } = body;
        identity = await ask(() => provider.identityFromToken(openid, accessToken), 401);
      } else {
        throw badRequest(errorText.oauthParamsMissing);
      }
      const user = await accounts.findUser(type, identity.openid);
      if (user) return { signedIn: await issueSession(user, client) };
      return {
        notBound: {
          error: errorText.accountNotBound,
          bindTicket: await createBindTicket(secret, type, identity),
          profile: { nickname: identity.nickname, avatar: identity.avatar },
        },
      };
    },

    async register(
      type: SocialType,
      body: SocialRegisterBody,
      client: ClientInfo,
    ): Promise<AuthResponse> {
      const provider = providerOf(type);
      let ticket: BindTicket | null = null;
      let identity: SocialIdentity;
      if (body.bindTicket) {
        ticket = await ticketFor(type, body.bindTicket, 401);
        identity = ticket;
      } else if (body.openid && body.access_token) {
        const { openid, access_token: accessToken } = body;
        identity = await ask(() => provider.identityFromToken(openid, accessToken), 401);
      } else {
        throw badRequest(errorText.oauthParamsMissing);
      }
      if (await accounts.findUser(type, identity.openid)) {
        throw conflict(errorText.socialBoundToOther);
      }
      if (body.username) {
        await words.refuse(body.username);
        if (await users.findByUsername(body.username)) throw conflict(errorText.usernameTaken);
      }
      const username = body.username ?? (await usernameFor(type, identity.nickname));
      if (ticket) await spendTicket(ticket, 401);
      let user: UserRow;
      try {
        user = await db.transaction().execute(async (trx) => {
          const created = await createUserRepository(trx).insert({
            username,
            avatar: identity.avatar,
          });
          await createSocialRepository(trx).insert(created.id, type, identity);
          return created;
        });
      } catch (error) {
        // Lost a race for the name or the identity: the unique indexes decide.
        if (await users.findByUsername(username)) throw conflict(errorText.usernameTaken);
        if (await accounts.findUser(type, identity.openid)) {
          throw conflict(errorText.socialBoundToOther);
        }
        throw error;
      }
      return issueSession(user, client);
    },

    async bind(
      type: SocialType,
      user: UserRow,
      body: SocialBindBody,
      cookieNonce: string | null,
    ): Promise<SocialBindings> {
      providerOf(type);
      let ticket: BindTicket | null = null;
      let identity: SocialIdentity;
      if (body.bindTicket) {
        ticket = await ticketFor(type, body.bindTicket, 400);
        identity = ticket;
      } else if (body.code && body.state) {
        identity = await identityFromRedirect(
          type,
          { code: body.code, state: body.state },
          { purpose: 'bind', userId: user.id, cookieNonce },
          400,
        );
      } else {
        throw badRequest(errorText.oauthParamsMissing);
      }
      await assertUnbound(type, identity, user);
      if (ticket) await spendTicket(ticket, 400);
      await accounts.insert(user.id, type, identity);
      return bindings(user.id);
    },

    async unbind(type: SocialType, user: UserRow): Promise<SocialBindings> {
      const mine = await accounts.listForUser(user.id);
      if (!mine.some((account) => account.provider === type)) {
        throw notFound(errorText.socialNotBound);
      }
      const otherWaysIn = mine.length - 1 + (user.password_hash ? 1 : 0) + (user.phone ? 1 : 0);
      if (otherWaysIn === 0) throw badRequest(errorText.lastSignInMethod);
      await accounts.remove(user.id, type);
      return bindings(user.id);
    },

    bindings,
  };
}
