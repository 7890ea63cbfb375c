import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorText } from '../../../../contract/page-messages';
import type { User } from '../../../../contract/user';
import { ApiError } from '../../../lib/api/client';
import { apiCacheConfig, clearApiCache } from '../../../lib/api-cache/swr-cache';
import { cancelUserRetries, isPlaceholderUser } from '../../../lib/user-fetch';
import { getProfileUser } from '../api/get-profile-user';
import { useProfileUser } from './use-profile-user';

vi.mock('../api/get-profile-user', () => ({ getProfileUser: vi.fn() }));

const wrapper = ({ children }: { children: ReactNode }) => (
  <SWRConfig value={apiCacheConfig}>{children}</SWRConfig>
);
const user = (name: string) => ({ _id: '42', id: '42', username: name }) as User;
// Each test asks for its own user: SWR's 2 s request dedupe outlives a test.
const tooMany = new ApiError(429, errorText.tooManyRequests, { retryAfter: 60 });

afterEach(async () => {
  cancelUserRetries();
  await clearApiCache();
  vi.mocked(getProfileUser).mockReset();
});

describe('useProfileUser', () => {
  it('keeps the user on screen, without an error, when a refresh is rate limited', async () => {
    vi.mocked(getProfileUser).mockResolvedValueOnce(user('小红')).mockRejectedValueOnce(tooMany);
    const { result } = renderHook(() => useProfileUser('42'), { wrapper });
    await waitFor(() => expect(result.current.data?.username).toBe('小红'));
    await act(() => result.current.mutate());
    expect(result.current.data?.username).toBe('小红');
    expect(result.current.error).toBeUndefined();
  });

  it('shows a placeholder user in the loading state when there is none yet', async () => {
    vi.mocked(getProfileUser).mockRejectedValueOnce(tooMany);
    const { result } = renderHook(() => useProfileUser('43'), { wrapper });
    await waitFor(() => expect(isPlaceholderUser(result.current.data)).toBe(true));
    expect(result.current.data).toMatchObject({ error: '请求过于频繁，请稍后再试' });
    expect(sessionStorage.length).toBe(0);
  });
});
