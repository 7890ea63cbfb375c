import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorText } from '../../../../contract/page-messages';
import { ApiError, api } from '../../../lib/api/client';
import { authTexts } from '../texts';
import { completeCallback } from './complete-callback';
import { savePendingOAuth } from './oauth-pending';

afterEach(() => {
  vi.restoreAllMocks();
});

const signedIn = { token: 't1', user: { _id: '1', id: '1', username: 'ming' } };
let round = 0;
/** Every test uses its own address: the helper finishes each address once per page load. */
const callbackQuery = (state: string) => `?code=code-${(round += 1)}&state=${state}`;

describe('completeCallback', () => {
  it('refuses a state this tab did not ask for without calling the server', async () => {
    savePendingOAuth({ provider: 'wechat', state: 'mine', purpose: 'login' });
    const post = vi.spyOn(api, 'post');
    await expect(completeCallback('wechat', callbackQuery('theirs'))).resolves.toEqual({
      kind: 'failed',
      message: errorText.oauthStateInvalid,
      purpose: 'login',
    });
    expect(post).not.toHaveBeenCalled();
  });

  it('says the authorisation was not completed when the provider sent no code', async () => {
    savePendingOAuth({ provider: 'qq', state: 's', purpose: 'login' });
    await expect(completeCallback('qq', '?state=s&error=access_denied')).resolves.toMatchObject({
      kind: 'failed',
      message: authTexts.callbackDenied,
    });
  });

  it('signs in once even when the page asks twice', async () => {
    savePendingOAuth({ provider: 'wechat', state: 's1', purpose: 'login', from: '/post/9' });
    const post = vi.spyOn(api, 'post').mockResolvedValue(signedIn);
    const search = callbackQuery('s1');
    const [first, second] = await Promise.all([
      completeCallback('wechat', search),
      completeCallback('wechat', search),
    ]);
    expect(first).toBe(second);
    expect(first).toMatchObject({ kind: 'signed-in', from: '/post/9' });
    expect(post).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith(
      '/api/auth/login/wechat',
      { code: `code-${round}`, state: 's1' },
      expect.anything(),
    );
  });

  it('turns 404 账号未绑定 into the create-or-bind choice', async () => {
    savePendingOAuth({ provider: 'qq', state: 's2', purpose: 'login' });
    vi.spyOn(api, 'post').mockRejectedValue(
      new ApiError(404, errorText.accountNotBound, {
        error: errorText.accountNotBound,
        bindTicket: 'ticket-1',
        profile: { nickname: 'QQ 小明', avatar: null },
      }),
    );
    await expect(completeCallback('qq', callbackQuery('s2'))).resolves.toEqual({
      kind: 'not-bound',
      bindTicket: 'ticket-1',
      profile: { nickname: 'QQ 小明', avatar: null },
      from: undefined,
    });
  });

  it('passes on a 401 authorisation error', async () => {
    savePendingOAuth({ provider: 'wechat', state: 's3', purpose: 'login' });
    vi.spyOn(api, 'post').mockRejectedValue(new ApiError(401, errorText.oauthFailed));
    await expect(completeCallback('wechat', callbackQuery('s3'))).resolves.toEqual({
      kind: 'failed',
      message: errorText.oauthFailed,
      purpose: 'login',
    });
  });

  it('binds to the signed-in account when settings started the flow', async () => {
    savePendingOAuth({ provider: 'wechat', state: 's4', purpose: 'bind' });
    const bindings = { wechat: { nickname: 'x', avatar: null, boundAt: '2026' }, qq: null };
    const post = vi.spyOn(api, 'post').mockResolvedValue(bindings);
    await expect(completeCallback('wechat', callbackQuery('s4'))).resolves.toEqual({
      kind: 'bound',
      bindings,
    });
    expect(post.mock.calls[0][0]).toBe('/api/auth/social/wechat/bind');
  });
});
