import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorText } from '../../contract/page-messages';
import type { User } from '../../contract/user';
import { ApiError, api } from '../lib/api/client';
import { forgetRequests } from '../lib/api-cache/cached-fetch';
import { emitAppEvent, onAppEvent } from '../lib/auth-events';
import { reloadPage } from '../lib/page-reload';
import {
  cancelPostSignInRefresh,
  normalizeUser,
  startSessionSync,
  useSessionStore,
} from './session-store';

vi.mock('../lib/page-reload', () => ({ reloadPage: vi.fn() }));

const serverUser: User = {
  _id: '7',
  id: '7',
  username: '小明',
  avatar: '/images/default_head.png',
  bio: '',
  email: 'ming@example.com',
  isPremium: false,
  premiumEndDate: null,
  isAdmin: false,
  atmosphereValue: 12,
  createdAt: '2026-01-01T00:00:00.000Z',
};

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const state = () => useSessionStore.getState();
let stopSync: () => void;

beforeEach(() => {
  useSessionStore.setState({ status: 'loading', token: null, user: null });
  stopSync = startSessionSync();
});

afterEach(() => {
  stopSync();
  cancelPostSignInRefresh();
  forgetRequests();
  vi.useRealTimers();
  vi.restoreAllMocks();
  delete document.documentElement.dataset.theme;
  vi.mocked(reloadPage).mockClear();
});

describe('normalizeUser', () => {
  it('fills _id and id from each other', () => {
    expect(normalizeUser({ id: 5, username: 'a' })).toMatchObject({ _id: '5', id: '5' });
    expect(normalizeUser({ _id: '6', username: 'a' })).toMatchObject({ _id: '6', id: '6' });
  });

  it('forces isAdmin false unless exactly true', () => {
    expect(normalizeUser({ _id: '1', isAdmin: 'true' })?.isAdmin).toBe(false);
    expect(normalizeUser({ _id: '1', isAdmin: 1 })?.isAdmin).toBe(false);
    expect(normalizeUser({ _id: '1', isAdmin: true })?.isAdmin).toBe(true);
  });

  it('gives the default avatar and refuses non-objects', () => {
    expect(normalizeUser({ _id: '1' })?.avatar).toBe('/images/default_head.png');
    expect(normalizeUser('x')).toBeNull();
  });
});

describe('startup', () => {
  it('is signed out without a token', async () => {
    localStorage.setItem('user', JSON.stringify(serverUser));
    const get = vi.spyOn(api, 'get');
    await state().init();
    expect(state().status).toBe('signed-out');
    expect(get).not.toHaveBeenCalled();
  });

  it('shows the stored user at once, then replaces it with the server copy', async () => {
    localStorage.setItem('token', 't1');
    localStorage.setItem(
      'user',
      JSON.stringify({ ...serverUser, id: undefined, username: '旧名' }),
    );
    const answer = deferred<User>();
    const get = vi.spyOn(api, 'get').mockReturnValue(answer.promise);
    const started = state().init();
    expect(state().status).toBe('signed-in');
    expect(state().user).toMatchObject({ _id: '7', id: '7', username: '旧名' });
    answer.resolve({ ...serverUser, isAdmin: 'yes' as unknown as boolean });
    await started;
    expect(get).toHaveBeenCalledWith(
      '/api/auth/me',
      expect.objectContaining({ timeoutMs: 10_000 }),
    );
    expect(state().user?.username).toBe('小明');
    expect(state().user?.isAdmin).toBe(false);
    expect(JSON.parse(localStorage.getItem('user') ?? '{}').username).toBe('小明');
    expect(JSON.parse(localStorage.getItem('user_info_cache') ?? '{}').data.username).toBe('小明');
  });

  it('keeps the user object on screen when the server sends the same user again', async () => {
    localStorage.setItem('token', 't1');
    vi.spyOn(api, 'get').mockResolvedValue(serverUser);
    await state().init();
    const shown = state().user;
    expect(shown?.username).toBe('小明');
    await state().refreshUser({ force: true });
    expect(state().user).toBe(shown);
  });

  it('signs out and clears token, user and cache on a 401', async () => {
    localStorage.setItem('token', 't1');
    localStorage.setItem('user', JSON.stringify(serverUser));
    localStorage.setItem('user_info_cache', '{}');
    vi.spyOn(api, 'get').mockRejectedValue(new ApiError(401, errorText.sessionExpired));
    await state().init();
    expect(state()).toMatchObject({ status: 'signed-out', token: null, user: null });
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('user_info_cache')).toBeNull();
  });

  it('keeps the stored user when the check fails for another reason', async () => {
    localStorage.setItem('token', 't1');
    localStorage.setItem('user', JSON.stringify(serverUser));
    vi.spyOn(api, 'get').mockRejectedValue(new ApiError(0, errorText.networkLost));
    await state().init();
    expect(state()).toMatchObject({ status: 'signed-in', token: 't1' });
    expect(state().user?.username).toBe('小明');
    expect(localStorage.getItem('token')).toBe('t1');
  });

  it('removes an unreadable stored user and fetches it again', async () => {
    localStorage.setItem('token', 't1');
    localStorage.setItem('user', '{not json');
    const get = vi.spyOn(api, 'get').mockResolvedValue(serverUser);
    const started = state().init();
    expect(state().status).toBe('loading');
    expect(localStorage.getItem('user')).toBeNull();
    await started;
    expect(get).toHaveBeenCalledTimes(1);
    expect(state()).toMatchObject({ status: 'signed-in', user: { username: '小明' } });
  });

  it('refetches an incomplete stored user', async () => {
    localStorage.setItem('token', 't1');
    localStorage.setItem('user', JSON.stringify({ _id: '7' }));
    vi.spyOn(api, 'get').mockResolvedValue(serverUser);
    const started = state().init();
    expect(state().status).toBe('loading');
    await started;
    expect(state().user?.username).toBe('小明');
  });
});

describe('sign in', () => {
  it('stores token and user and announces it', async () => {
    const successes: string[] = [];
    const stop = onAppEvent('login-success', (id) => successes.push(id));
    await state().signIn({ token: 't2', user: { ...serverUser, _id: '' } });
    stop();
    expect(state()).toMatchObject({ status: 'signed-in', token: 't2', user: { _id: '7' } });
    expect(localStorage.getItem('token')).toBe('t2');
    expect(successes).toEqual(['7']);
  });

  it('fetches the user when the response has none', async () => {
    const get = vi.spyOn(api, 'get').mockResolvedValue(serverUser);
    await state().signIn({ token: 't3' });
    expect(get).toHaveBeenCalledTimes(1);
    expect(state().user?.username).toBe('小明');
  });

  it('fails without a token', async () => {
    await expect(state().signIn({ user: serverUser })).rejects.toThrow(errorText.noTokenLogin);
    expect(state().status).toBe('loading');
  });

  it('applies updates of the atmosphere value and membership to the stored user', async () => {
    await state().signIn({ token: 't2', user: serverUser });
    state().updateUser({ atmosphereValue: 30, isPremium: true, premiumEndDate: '2027-01-01' });
    const stored = JSON.parse(localStorage.getItem('user') ?? '{}');
    expect(stored).toMatchObject({
      atmosphereValue: 30,
      isPremium: true,
      premiumEndDate: '2027-01-01',
    });
    expect(state().user?.atmosphereValue).toBe(30);
  });
});

describe('sync', () => {
  it('follows another tab signing in and out', () => {
    localStorage.setItem('token', 'other');
    localStorage.setItem('user', JSON.stringify(serverUser));
    window.dispatchEvent(new StorageEvent('storage', { key: 'token', storageArea: localStorage }));
    expect(state()).toMatchObject({ status: 'signed-in', token: 'other', user: { _id: '7' } });
    localStorage.removeItem('token');
    window.dispatchEvent(new StorageEvent('storage', { key: 'token', storageArea: localStorage }));
    expect(state()).toMatchObject({ status: 'signed-out', user: null });
  });

  it('signs out when the fetch wrapper reports an expired session', async () => {
    await state().signIn({ token: 't2', user: serverUser });
    localStorage.removeItem('token');
    emitAppEvent('auth-change', { reason: 'expired' });
    expect(state().status).toBe('signed-out');
  });

  it('reloads the user on refresh-user-data', async () => {
    await state().signIn({ token: 't2', user: serverUser });
    const get = vi.spyOn(api, 'get').mockResolvedValue({ ...serverUser, atmosphereValue: 99 });
    emitAppEvent('refresh-user-data');
    await vi.waitFor(() => expect(state().user?.atmosphereValue).toBe(99));
    expect(get).toHaveBeenCalledTimes(1);
  });
});

describe('user refresh on refresh-user-data', () => {
  it('turns a burst into one refresh after 300 ms and keeps refreshes 3 s apart', async () => {
    vi.useFakeTimers();
    await state().signIn({ token: 't2', user: serverUser });
    cancelPostSignInRefresh();
    const get = vi.spyOn(api, 'get').mockResolvedValue(serverUser);
    emitAppEvent('refresh-user-data');
    emitAppEvent('refresh-user-data');
    await vi.advanceTimersByTimeAsync(299);
    expect(get).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(get).toHaveBeenCalledTimes(1);
    emitAppEvent('refresh-user-data');
    await vi.advanceTimersByTimeAsync(2_999);
    expect(get).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(get).toHaveBeenCalledTimes(2);
  });
});

describe('logout', () => {
  it('revokes the session, clears everything and reloads', async () => {
    await state().signIn({ token: 't2', user: serverUser });
    localStorage.setItem('user_info_cache', '{}');
    localStorage.setItem('paid_posts_7', '["1"]');
    localStorage.setItem('post_paid_7_1', 'true');
    localStorage.setItem('unrelated', 'kept');
    sessionStorage.setItem('profile', 'x');
    const post = vi.spyOn(api, 'post').mockResolvedValue({ success: true });
    const changes: unknown[] = [];
    const stop = onAppEvent('auth-change', (detail) => changes.push(detail));
    await state().logout();
    stop();
    expect(post).toHaveBeenCalledWith('/api/auth/logout', undefined, expect.anything());
    expect(Object.keys(localStorage)).toEqual(['unrelated']);
    expect(sessionStorage.length).toBe(0);
    expect(state()).toMatchObject({ status: 'signed-out', token: null, user: null });
    expect(changes).toEqual([{ reason: 'logout' }]);
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('still signs out locally when the server cannot be reached', async () => {
    await state().signIn({ token: 't2', user: serverUser });
    vi.spyOn(api, 'post').mockRejectedValue(new ApiError(0, errorText.networkLost));
    await state().logout();
    expect(localStorage.getItem('token')).toBeNull();
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });
});

describe('after sign-in (SPEC.md section 4 flags)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  /** init() checks with the server a task after it starts: that task needs the clock to move. */
  async function initUnderFakeTimers() {
    const started = state().init();
    await vi.advanceTimersByTimeAsync(0);
    await started;
  }

  it('leaves the login flag and reads the user again 500 ms later, then clears it', async () => {
    const get = vi.spyOn(api, 'get').mockResolvedValue({ ...serverUser, atmosphereValue: 40 });
    await state().signIn({ token: 't2', user: serverUser }, 'phone');
    expect(localStorage.getItem('forceRefreshUser')).toBe('true');
    await vi.advanceTimersByTimeAsync(499);
    expect(get).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(get).toHaveBeenCalledTimes(1);
    expect(state().user?.atmosphereValue).toBe(40);
    expect(localStorage.getItem('forceRefreshUser')).toBeNull();
  });

  it('marks a registration with just_registered and registration_time', async () => {
    vi.setSystemTime(new Date('2026-03-01T08:00:00Z'));
    vi.spyOn(api, 'get').mockResolvedValue(serverUser);
    await state().signIn({ token: 't2', user: serverUser }, 'register');
    expect(localStorage.getItem('just_registered')).toBe('true');
    expect(localStorage.getItem('registration_time')).toBe(String(Date.now()));
    await vi.advanceTimersByTimeAsync(500);
    expect(localStorage.getItem('just_registered')).toBeNull();
    expect(localStorage.getItem('registration_time')).toBe(String(Date.now() - 500));
  });

  it('finishes a WeChat sign-in after a reload: refresh, announce, flag removed', async () => {
    localStorage.setItem('token', 't5');
    localStorage.setItem('user', JSON.stringify({ ...serverUser, id: undefined }));
    localStorage.setItem('wechat_login_success', 'true');
    const get = vi.spyOn(api, 'get').mockResolvedValue({ ...serverUser, _id: undefined, id: 7 });
    const successes: string[] = [];
    const changes: unknown[] = [];
    const stops = [
      onAppEvent('login-success', (id) => successes.push(id)),
      onAppEvent('auth-change', (detail) => changes.push(detail)),
    ];
    await initUnderFakeTimers();
    expect(get).toHaveBeenCalledTimes(1);
    expect(successes).toEqual([]);
    await vi.advanceTimersByTimeAsync(500);
    for (const stop of stops) stop();
    expect(get).toHaveBeenCalledTimes(2);
    expect(successes).toEqual(['7']);
    expect(changes).toEqual([{ reason: 'login' }]);
    expect(state().user).toMatchObject({ _id: '7', id: '7' });
    expect(localStorage.getItem('wechat_login_success')).toBeNull();
  });

  it.each(['forceUserRefresh', 'just_registered'])(
    'honours %s left before a reload',
    async (key) => {
      localStorage.setItem('token', 't5');
      localStorage.setItem('user', JSON.stringify(serverUser));
      localStorage.setItem(key, 'true');
      const get = vi.spyOn(api, 'get').mockResolvedValue(serverUser);
      await initUnderFakeTimers();
      await vi.advanceTimersByTimeAsync(500);
      expect(get).toHaveBeenCalledTimes(2);
      expect(localStorage.getItem(key)).toBeNull();
    },
  );

  it('takes a register or refresh marker from the history entry', async () => {
    localStorage.setItem('token', 't5');
    localStorage.setItem('user', JSON.stringify(serverUser));
    window.history.replaceState({ usr: { marker: 'register', tab: 1 }, key: 'k' }, '');
    const get = vi.spyOn(api, 'get').mockResolvedValue(serverUser);
    await initUnderFakeTimers();
    expect(window.history.state).toEqual({ usr: { tab: 1 }, key: 'k' });
    await vi.advanceTimersByTimeAsync(500);
    expect(get).toHaveBeenCalledTimes(2);
    window.history.replaceState(null, '');
  });

  it('refreshes only once at startup without flags or markers', async () => {
    localStorage.setItem('token', 't5');
    localStorage.setItem('user', JSON.stringify(serverUser));
    const get = vi.spyOn(api, 'get').mockResolvedValue(serverUser);
    await initUnderFakeTimers();
    await vi.advanceTimersByTimeAsync(1000);
    expect(get).toHaveBeenCalledTimes(1);
  });

  it('drops the pending refresh and the flags on logout', async () => {
    await state().signIn({ token: 't2', user: serverUser }, 'social');
    expect(localStorage.getItem('wechat_login_success')).toBe('true');
    vi.spyOn(api, 'post').mockResolvedValue({ success: true });
    const get = vi.spyOn(api, 'get');
    await state().logout();
    await vi.advanceTimersByTimeAsync(1000);
    expect(get).not.toHaveBeenCalled();
    expect(localStorage.getItem('wechat_login_success')).toBeNull();
    expect(localStorage.getItem('forceRefreshUser')).toBeNull();
  });

  it('applies the theme of the account and the stored one at startup', async () => {
    localStorage.setItem('theme', 'dark');
    await state().init();
    expect(document.documentElement.dataset.theme).toBe('dark');
    await state().signIn({ token: 't2', user: { ...serverUser, settings: { theme: 'light' } } });
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(localStorage.getItem('theme')).toBe('light');
  });
});
