import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorText } from '../../contract/page-messages';
import type { User } from '../../contract/user';
import { ApiError, api } from '../lib/api/client';
import { onAppEvent } from '../lib/auth-events';
import { notify } from '../lib/notify';
import { useSessionStore } from '../stores/session-store';
import { FollowButton } from './follow-button';

const viewer = { _id: '1', id: '1', username: 'me' } as User;

function signIn() {
  localStorage.setItem('token', 'tok');
  localStorage.setItem('user', JSON.stringify(viewer));
  useSessionStore.setState({ status: 'signed-in', token: 'tok', user: viewer });
}

/** A promise the test settles by hand, to look at the button while the call is on its way. */
function pending<T>() {
  let settle: { resolve: (value: T) => void; reject: (reason: unknown) => void } = {
    resolve: () => undefined,
    reject: () => undefined,
  };
  const promise = new Promise<T>((resolve, reject) => (settle = { resolve, reject }));
  return { promise, ...settle };
}

beforeEach(() => {
  useSessionStore.setState({ status: 'signed-out', token: null, user: null });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('FollowButton', () => {
  it('opens the login modal for a visitor and calls nothing', () => {
    const post = vi.spyOn(api, 'post');
    const opened = vi.fn();
    const stop = onAppEvent('open-login-modal', opened);
    render(<FollowButton userId="2" />);
    fireEvent.click(screen.getByRole('button', { name: '关注' }));
    expect(opened).toHaveBeenCalledTimes(1);
    expect(post).not.toHaveBeenCalled();
    stop();
  });

  it('shows 已关注 at once and keeps it when the server agrees', async () => {
    signIn();
    const call = pending<unknown>();
    vi.spyOn(api, 'post').mockReturnValue(call.promise as Promise<never>);
    const changed = vi.fn();
    render(<FollowButton userId="2" username="阿明" initialFollowing={false} onChange={changed} />);
    fireEvent.click(screen.getByRole('button', { name: '关注 阿明' }));
    const button = screen.getByRole('button', { name: '取消关注 阿明' });
    expect(button.textContent).toBe('已关注');
    fireEvent.mouseEnter(button);
    expect(button.textContent).toBe('取消关注');
    fireEvent.mouseLeave(button);
    expect(button.textContent).toBe('已关注');
    await act(async () => call.resolve({ isFollowing: true, followersCount: 1 }));
    expect(changed).toHaveBeenCalledWith(true);
    expect(screen.getByRole('button').getAttribute('aria-pressed')).toBe('true');
  });

  it('rolls back with 关注操作失败 or 取消关注失败 when the server refuses', async () => {
    signIn();
    const error = vi.spyOn(notify, 'error').mockImplementation(() => undefined);
    vi.spyOn(api, 'post').mockRejectedValue(new ApiError(500, '服务器内部错误'));
    vi.spyOn(api, 'delete').mockRejectedValue(new ApiError(0, '网络连接已断开'));
    const { unmount } = render(<FollowButton userId="2" initialFollowing={false} />);
    fireEvent.click(screen.getByRole('button'));
    await waitFor(() => expect(error).toHaveBeenCalledWith(errorText.followFailed));
    expect(screen.getByRole('button').textContent).toBe('关注');
    unmount();

    render(<FollowButton userId="3" initialFollowing />);
    fireEvent.click(screen.getByRole('button'));
    await waitFor(() => expect(error).toHaveBeenCalledWith(errorText.unfollowFailed));
    expect(screen.getByRole('button').getAttribute('aria-pressed')).toBe('true');
  });

  it('treats “already following” as done rather than failed', async () => {
    signIn();
    const error = vi.spyOn(notify, 'error');
    vi.spyOn(api, 'post').mockRejectedValue(new ApiError(409, errorText.alreadyFollowing));
    render(<FollowButton userId="2" initialFollowing={false} />);
    fireEvent.click(screen.getByRole('button'));
    await waitFor(() => expect(screen.getByRole('button').getAttribute('aria-busy')).toBe('false'));
    expect(screen.getByRole('button').getAttribute('aria-pressed')).toBe('true');
    expect(error).not.toHaveBeenCalled();
  });

  it('asks the server when the state is not given, and hides itself on the viewer’s own profile', async () => {
    signIn();
    vi.spyOn(api, 'get').mockResolvedValue({ isFollowing: true });
    const { unmount } = render(<FollowButton userId="2" />);
    await waitFor(() => expect(screen.getByRole('button').textContent).toBe('已关注'));
    unmount();
    const { container } = render(<FollowButton userId="1" />);
    expect(container.innerHTML).toBe('');
  });
});
