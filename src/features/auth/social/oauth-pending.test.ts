import { describe, expect, it } from 'vitest';
import { checkCallback, savePendingOAuth, takePendingOAuth } from './oauth-pending';

const params = (query: string) => new URLSearchParams(query);
const start = 1_700_000_000_000;

describe('pending OAuth request', () => {
  it('is kept per provider and read once', () => {
    savePendingOAuth({ provider: 'wechat', state: 's1', purpose: 'login', from: '/post/3' }, start);
    savePendingOAuth({ provider: 'qq', state: 's2', purpose: 'bind' }, start);
    expect(takePendingOAuth('wechat')).toEqual({
      provider: 'wechat',
      state: 's1',
      purpose: 'login',
      from: '/post/3',
      startedAt: start,
    });
    expect(takePendingOAuth('wechat')).toBeNull();
    expect(takePendingOAuth('qq')).toMatchObject({ state: 's2', purpose: 'bind' });
  });

  it('ignores what it did not write', () => {
    sessionStorage.setItem('oauth_pending_wechat', '{broken');
    expect(takePendingOAuth('wechat')).toBeNull();
    sessionStorage.setItem(
      'oauth_pending_qq',
      JSON.stringify({ provider: 'wechat', state: 's', purpose: 'login', startedAt: 1 }),
    );
    expect(takePendingOAuth('qq')).toBeNull();
  });
});

describe('checkCallback', () => {
  const pending = {
    provider: 'wechat' as const,
    state: 'state-1',
    purpose: 'login' as const,
    startedAt: start,
  };

  it('accepts the state this tab asked for', () => {
    expect(checkCallback(params('code=c1&state=state-1'), pending, start + 1000)).toEqual({
      ok: true,
      code: 'c1',
      state: 'state-1',
      purpose: 'login',
      from: undefined,
    });
  });

  it('refuses another state, a missing one, or none asked for', () => {
    expect(checkCallback(params('code=c1&state=forged'), pending, start)).toEqual({
      ok: false,
      reason: 'mismatch',
    });
    expect(checkCallback(params('code=c1'), pending, start)).toEqual({
      ok: false,
      reason: 'mismatch',
    });
    expect(checkCallback(params('code=c1&state=state-1'), null, start)).toEqual({
      ok: false,
      reason: 'unknown',
    });
  });

  it('reports a cancelled authorisation (no code) and a stale state', () => {
    expect(checkCallback(params('state=state-1'), pending, start)).toEqual({
      ok: false,
      reason: 'denied',
    });
    expect(checkCallback(params('code=c&state=state-1'), pending, start + 10 * 60_000 + 1)).toEqual(
      { ok: false, reason: 'expired' },
    );
  });
});
