import { dequal } from 'dequal/lite';
import { createStore, useStore } from 'zustand';
import { errorText } from '../../contract/page-messages';
import type { User } from '../../contract/user';
import { DEFAULT_AVATAR } from '../../contract/user-rules';
import { ApiError, api } from '../lib/api/client';
import { emitAppEvent, onAppEvent } from '../lib/auth-events';
import { POST_LOGIN_REFRESH_DELAY_MS } from '../lib/constants';
import { reloadPage } from '../lib/page-reload';
import { storageKeys } from '../lib/storage-keys';
import { applyAccountTheme, applyTheme, storedTheme } from '../lib/theme';
import { fetchCurrentUser, userRefreshScheduler } from '../lib/user-fetch';

/** SPEC.md section 4: signed out (no token), loading, signed in (token and a user with an id). */
export type SessionStatus = 'loading' | 'signed-in' | 'signed-out';

/** How a sign-in happened; it decides which of SPEC.md section 4's flags it leaves. */
export type SignInMethod = 'password' | 'phone' | 'social' | 'register';

export interface SessionState {
  status: SessionStatus;
  token: string | null;
  user: User | null;
  /** Startup: show the stored user at once, then verify it with the server. */
  init: () => Promise<void>;
  /**
   * After login or registration: keeps token and user (fetches the user when absent), leaves
   * the flags of SPEC.md section 4 and reads the user again 500 ms later.
   */
  signIn: (response: { token?: unknown; user?: unknown }, method?: SignInMethod) => Promise<void>;
  /**
   * Re-reads the user; null when it could not. Unforced, an answer up to 10 s old is reused
   * (SPEC.md section 9: "current user 10 s unless forced").
   */
  refreshUser: (options?: { force?: boolean }) => Promise<User | null>;
  /** Applies a change the server reported (atmosphere value, membership, profile). */
  updateUser: (changes: Partial<User>) => void;
  logout: () => Promise<void>;
  /** Adopts what another tab (or the fetch wrapper) wrote into storage. */
  syncFromStorage: () => void;
}

function idText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

/**
 * SPEC.md section 3: `_id` and `id` each filled from the other, `isAdmin` false unless exactly
 * true, and defaults for what an older stored copy may lack.
 */
export function normalizeUser(raw: unknown): User | null {
  if (!raw || typeof raw !== 'object') return null;
  const record = raw as Record<string, unknown>;
  const id = idText(record._id) || idText(record.id);
  return {
    ...(record as Partial<User>),
    _id: id,
    id,
    username: typeof record.username === 'string' ? record.username : '',
    avatar: typeof record.avatar === 'string' && record.avatar ? record.avatar : DEFAULT_AVATAR,
    bio: typeof record.bio === 'string' ? record.bio : '',
    isAdmin: record.isAdmin === true,
    isPremium: record.isPremium === true,
    premiumEndDate: typeof record.premiumEndDate === 'string' ? record.premiumEndDate : null,
    atmosphereValue: typeof record.atmosphereValue === 'number' ? record.atmosphereValue : 0,
    createdAt: typeof record.createdAt === 'string' ? record.createdAt : '',
  };
}

/** A record missing username or _id is incomplete and is fetched again (SPEC.md section 3). */
function isComplete(user: User | null): user is User {
  return Boolean(user?._id && user.username);
}

type StoredUser = { kind: 'none' } | { kind: 'unreadable' } | { kind: 'user'; user: User | null };

function readStoredUser(): StoredUser {
  const text = localStorage.getItem(storageKeys.user);
  if (!text) return { kind: 'none' };
  try {
    return { kind: 'user', user: normalizeUser(JSON.parse(text)) };
  } catch {
    return { kind: 'unreadable' };
  }
}

function storeUser(user: User): void {
  localStorage.setItem(storageKeys.user, JSON.stringify(user));
  localStorage.setItem(
    storageKeys.userInfoCache,
    JSON.stringify({ data: user, timestamp: Date.now() }),
  );
}

/** Paid-post marks are per user (SPEC.md section 3) and must not outlive the session. */
const PAID_POST_KEY = /^(paid_posts_|post_paid_)/;

function clearStoredSession(): void {
  localStorage.removeItem(storageKeys.token);
  localStorage.removeItem(storageKeys.user);
  localStorage.removeItem(storageKeys.userInfoCache);
}

/**
 * SPEC.md sections 3 and 4: what a fresh sign-in leaves in localStorage. Until the refresh
 * 500 ms later has run they survive a reload, so the next start still does it.
 */
const signInFlagKeys = {
  wechatLoginSuccess: 'wechat_login_success',
  justRegistered: storageKeys.justRegistered,
  forceRefreshUser: storageKeys.forceRefreshUser,
  forceUserRefresh: 'forceUserRefresh',
} as const;
/** When this browser last registered an account; a record, not a flag, so it stays. */
const REGISTRATION_TIME_KEY = 'registration_time';
/** History state markers (react-router keeps them under `usr`) that ask for the same refresh. */
const REFRESH_MARKERS: unknown[] = ['register', 'refresh'];

function leaveSignInFlags(method: SignInMethod): void {
  localStorage.setItem(signInFlagKeys.forceRefreshUser, 'true');
  if (method === 'social') localStorage.setItem(signInFlagKeys.wechatLoginSuccess, 'true');
  if (method === 'register') {
    localStorage.setItem(signInFlagKeys.justRegistered, 'true');
    localStorage.setItem(REGISTRATION_TIME_KEY, String(Date.now()));
  }
}

function clearSignInFlags(): void {
  for (const key of Object.values(signInFlagKeys)) localStorage.removeItem(key);
}

/** Reads and removes a refresh marker from the current history entry. */
function takeHistoryMarker(): boolean {
  const entry: unknown = window.history.state;
  if (!entry || typeof entry !== 'object' || !('usr' in entry)) return false;
  const { usr } = entry as { usr: unknown };
  if (!usr || typeof usr !== 'object' || !('marker' in usr)) return false;
  const { marker, ...rest } = usr as { marker: unknown };
  if (!REFRESH_MARKERS.includes(marker)) return false;
  window.history.replaceState({ ...entry, usr: rest }, '');
  return true;
}

let inFlightRefresh: Promise<User | null> | null = null;
let postSignInTimer: ReturnType<typeof setTimeout> | undefined;

/** Drops a pending post-sign-in refresh (logout, or a newer sign-in replacing it). */
export function cancelPostSignInRefresh(): void {
  clearTimeout(postSignInTimer);
  postSignInTimer = undefined;
}

const sessionStore = createStore<SessionState>()((set, get) => {
  function signOutLocally() {
    clearStoredSession();
    set({ status: 'signed-out', token: null, user: null });
  }

  async function fetchUser(force: boolean): Promise<User | null> {
    const token = localStorage.getItem(storageKeys.token);
    if (!token) return null;
    try {
      const answer = await fetchCurrentUser(token, { force });
      const fetched = normalizeUser(answer);
      // A logout or another sign-in while the call was out makes its answer stale.
      if (localStorage.getItem(storageKeys.token) !== token) return get().user;
      if (!isComplete(fetched)) throw new ApiError(500, errorText.userInfoFailed, fetched);
      storeUser(fetched);
      applyAccountTheme(answer);
      // An unchanged user keeps its object, so nothing that shows it renders again; at start-up
      // that would restart the page's first render, which is still under way when the check returns.
      const shown = get().user;
      set({ status: 'signed-in', token, user: shown && dequal(shown, fetched) ? shown : fetched });
      emitAppEvent('auth-state-updated');
      return fetched;
    } catch (error) {
      if (localStorage.getItem(storageKeys.token) !== token) return get().user;
      if (error instanceof ApiError && error.status === 401) {
        signOutLocally();
        emitAppEvent('auth-change', { reason: 'expired' });
        return null;
      }
      // Any other failure keeps the stored user: a flaky network must not sign anyone out.
      const { user } = get();
      set({ status: user ? 'signed-in' : 'signed-out' });
      return user;
    }
  }

  /**
   * SPEC.md section 4: 500 ms after a sign-in the user is read once more (the server fills some
   * counters in afterwards); then the flags go. A WeChat/QQ sign-in that came through a reload
   * is announced at that point, as the page that did it could not.
   */
  function refreshAfterSignIn(announce: boolean) {
    cancelPostSignInRefresh();
    postSignInTimer = setTimeout(() => {
      postSignInTimer = undefined;
      clearSignInFlags();
      void get()
        .refreshUser({ force: true })
        .then((user) => {
          if (!announce || !user) return;
          emitAppEvent('login-success', user._id);
          emitAppEvent('auth-change', { reason: 'login' });
        });
    }, POST_LOGIN_REFRESH_DELAY_MS);
  }

  return {
    status: 'loading',
    token: null,
    user: null,

    async init() {
      applyTheme(storedTheme());
      const token = localStorage.getItem(storageKeys.token);
      const stored = readStoredUser();
      if (!token) {
        localStorage.removeItem(storageKeys.user);
        clearSignInFlags();
        set({ status: 'signed-out', token: null, user: null });
        return;
      }
      if (stored.kind === 'unreadable') localStorage.removeItem(storageKeys.user);
      const user = stored.kind === 'user' && isComplete(stored.user) ? stored.user : null;
      set({ status: user ? 'signed-in' : 'loading', token, user });

      const socialSignIn = localStorage.getItem(signInFlagKeys.wechatLoginSuccess) !== null;
      const marked = takeHistoryMarker();
      const flagged = Object.values(signInFlagKeys).some((key) => localStorage.getItem(key));
      // The stored user is on screen already; the check with the server starts a task later, so
      // the page's start-up task (this runs as the bundle starts) does not also start requests.
      await new Promise((resolve) => setTimeout(resolve));
      await get().refreshUser();
      if (flagged || marked) refreshAfterSignIn(socialSignIn);
    },

    async signIn(response, method = 'password') {
      if (typeof response.token !== 'string' || !response.token) {
        throw new ApiError(500, errorText.noTokenLogin, response);
      }
      localStorage.setItem(storageKeys.token, response.token);
      leaveSignInFlags(method);
      applyAccountTheme(response.user);
      const user = normalizeUser(response.user);
      if (isComplete(user)) {
        storeUser(user);
        set({ status: 'signed-in', token: response.token, user });
      } else {
        localStorage.removeItem(storageKeys.user);
        set({ status: 'loading', token: response.token, user: null });
        await get().refreshUser({ force: true });
      }
      const signedIn = get().user;
      if (signedIn) emitAppEvent('login-success', signedIn._id);
      emitAppEvent('auth-state-updated');
      emitAppEvent('auth-change', { reason: 'login' });
      refreshAfterSignIn(false);
    },

    refreshUser({ force = false } = {}) {
      inFlightRefresh ??= fetchUser(force).finally(() => {
        inFlightRefresh = null;
      });
      return inFlightRefresh;
    },

    updateUser(changes) {
      const current = get().user;
      if (!current) return;
      const user = normalizeUser({ ...current, ...changes });
      if (!isComplete(user)) return;
      storeUser(user);
      set({ user });
      emitAppEvent('auth-change', { reason: 'user-updated' });
    },

    async logout() {
      if (localStorage.getItem(storageKeys.token)) {
        // The session is revoked on the server when it can be; signing out locally never waits
        // on that beyond one short try.
        await api
          .post('/api/auth/logout', undefined, { retries: 0, redirectOnUnauthorized: false })
          .catch(() => undefined);
      }
      cancelPostSignInRefresh();
      clearStoredSession();
      clearSignInFlags();
      for (const key of Object.keys(localStorage)) {
        if (PAID_POST_KEY.test(key)) localStorage.removeItem(key);
      }
      // The paid-post records live in IndexedDB (src/lib/paid-posts.ts). Not awaited: the clear
      // lands long before the reload below replaces the page, and the records are only a cache.
      void import('../lib/paid-posts')
        .then((records) => records.clearPaidPosts())
        .catch(() => undefined);
      sessionStorage.clear();
      set({ status: 'signed-out', token: null, user: null });
      emitAppEvent('auth-change', { reason: 'logout' });
      reloadPage();
    },

    syncFromStorage() {
      const token = localStorage.getItem(storageKeys.token);
      if (!token) {
        set({ status: 'signed-out', token: null, user: null });
        emitAppEvent('auth-state-updated');
        return;
      }
      const stored = readStoredUser();
      const user = stored.kind === 'user' && isComplete(stored.user) ? stored.user : null;
      set({ status: user ? 'signed-in' : 'loading', token, user });
      emitAppEvent('auth-state-updated');
      if (!user) void get().refreshUser();
    },
  };
});

/** The session a server-rendered page was drawn with (renderSessionAs), if any. */
let renderedSession: SessionState | null = null;

/**
 * The store as React reads it: during hydration (and on the server) React asks for the state
 * the page was rendered with, which is the rendered session rather than the store's first one.
 */
const readableStore = {
  ...sessionStore,
  getInitialState: () => renderedSession ?? sessionStore.getInitialState(),
};

export const useSessionStore = Object.assign(
  <T>(selector: (state: SessionState) => T): T => useStore(readableStore, selector),
  sessionStore,
);

/**
 * The reader a page is rendered for: on the server before rendering it, in the browser before
 * hydrating it (with the same user, and the token this browser holds).
 */
export function renderSessionAs(user: User | null, token: string | null): void {
  sessionStore.setState(
    user && token
      ? { status: 'signed-in', token, user }
      : { status: 'signed-out', token: null, user: null },
  );
  renderedSession = sessionStore.getState();
}

/**
 * The browser's side of a page rendered for a signed-in reader: the server's copy of the user
 * becomes the stored one, so the start-up check (init) shows what the page was drawn with.
 */
export function adoptRenderedUser(raw: unknown, token: string): boolean {
  const user = normalizeUser(raw);
  if (!isComplete(user)) return false;
  storeUser(user);
  renderSessionAs(user, token);
  return true;
}

const SESSION_KEYS: (string | null)[] = [storageKeys.token, storageKeys.user, null];

/**
 * Keeps the store in step with the rest of the world: other tabs (storage events), the fetch
 * wrapper's 401 handling, and explicit refresh requests. Returns the unsubscribe function.
 */
export function startSessionSync(): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.storageArea === localStorage && SESSION_KEYS.includes(event.key)) {
      useSessionStore.getState().syncFromStorage();
    }
  };
  window.addEventListener('storage', onStorage);
  const userRefresh = userRefreshScheduler(
    () => void useSessionStore.getState().refreshUser({ force: true }),
  );
  const stops = [
    onAppEvent('auth-change', ({ reason }) => {
      if (reason === 'expired') useSessionStore.getState().syncFromStorage();
    }),
    onAppEvent('refresh-user-data', userRefresh.request),
  ];
  return () => {
    window.removeEventListener('storage', onStorage);
    userRefresh.cancel();
    for (const stop of stops) stop();
  };
}

/** Selector helpers, so components re-render only on what they read. */
export const selectUser = (state: SessionState) => state.user;
export const selectIsAdmin = (state: SessionState) => state.user?.isAdmin === true;
export const selectStatus = (state: SessionState) => state.status;
