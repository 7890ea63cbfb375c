import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorText } from '../../../../contract/page-messages';
import { ApiError } from '../../../lib/api/client';
import { storageKeys } from '../../../lib/storage-keys';
import { adminTexts } from '../texts';
import { reviewPost } from './admin-posts';

function respond(status: number, body: unknown) {
  const fetchMock = vi.fn(
    async (_input: RequestInfo | URL, _init?: RequestInit) =>
      new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

let online = true;

beforeEach(() => {
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('admin calls', () => {
  it('fail here, without a call, when no token is stored', async () => {
    const fetchMock = respond(200, {});
    await expect(reviewPost('1', { status: 'approved' })).rejects.toThrow(
      errorText.authFailedRelogin,
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('fail here, without a call, when the browser is offline', async () => {
    localStorage.setItem(storageKeys.token, 'token');
    online = false;
    const fetchMock = respond(200, {});
    await expect(reviewPost('1', { status: 'approved' })).rejects.toThrow(errorText.networkLost);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    [403, adminTexts.logForbidden],
    [404, adminTexts.logNotFound],
    [500, adminTexts.logServerError],
  ])('log a %i before passing it on', async (status, line) => {
    localStorage.setItem(storageKeys.token, 'token');
    respond(status, { error: '服务器说的话' });
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failure = await reviewPost('1', { status: 'approved' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(status);
    expect((failure as ApiError).message).toBe('服务器说的话');
    expect(log).toHaveBeenCalledWith(line, '服务器说的话');
  });

  it('send the review with the bearer token when signed in and online', async () => {
    localStorage.setItem(storageKeys.token, 'secret');
    const fetchMock = respond(200, { id: '1' });
    await reviewPost('7', { status: 'rejected', reason: '内容与分类不符' });
    const [url, init] = fetchMock.mock.calls[0];
    expect(String(url)).toBe('/api/posts/admin/7/review');
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer secret');
    expect(JSON.parse(String(init?.body))).toEqual({
      status: 'rejected',
      reason: '内容与分类不符',
    });
  });
});
