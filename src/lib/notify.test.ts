import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api/client';
import { notify } from './notify';

vi.mock('react-hot-toast', () => {
  const fn = Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn() });
  return { default: fn };
});

let clock = Date.UTC(2026, 0, 1);

beforeEach(() => {
  vi.useFakeTimers();
  clock += 3_600_000;
  vi.setSystemTime(clock);
  vi.mocked(toast.error).mockClear();
});

afterEach(() => vi.useRealTimers());

describe('notify', () => {
  it('shows the same error at most once per 10 s', () => {
    notify.error('点赞失败');
    vi.setSystemTime(clock + 9_999);
    notify.error('点赞失败');
    notify.error('收藏失败');
    expect(toast.error).toHaveBeenCalledTimes(2);
    vi.setSystemTime(clock + 10_000);
    notify.error('点赞失败');
    expect(toast.error).toHaveBeenCalledTimes(3);
  });

  it('shows the server text of a failed call, else the default, and ignores cancels', () => {
    notify.failure(new ApiError(409, '用户名已被占用'), '注册失败');
    notify.failure('odd', '注册失败，请稍后再试');
    notify.failure(new DOMException('x', 'AbortError'), '不该出现');
    expect(vi.mocked(toast.error).mock.calls.map(([message]) => message)).toEqual([
      '用户名已被占用',
      '注册失败，请稍后再试',
    ]);
  });
});
