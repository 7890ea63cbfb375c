import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api/client';
import { errorText } from '../../contract/page-messages';
import { notify, toasterSettings } from './notify';

vi.mock('react-hot-toast', () => {
  const fn = Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn(), dismiss: vi.fn() });
  return { default: fn };
});

let clock = Date.UTC(2026, 0, 1);

beforeEach(() => {
  vi.useFakeTimers();
  clock += 3_600_000;
  vi.setSystemTime(clock);
  vi.mocked(toast.error).mockClear();
  vi.mocked(toast).mockClear();
});

afterEach(() => vi.useRealTimers());

/** Toasts go out once react-hot-toast has loaded: let its dynamic import settle. */
const settled = () => vi.dynamicImportSettled();

describe('notify', () => {
  it('shows the same error at most once per 10 s', async () => {
    notify.error('点赞失败');
    vi.setSystemTime(clock + 9_999);
    notify.error('点赞失败');
    notify.error('收藏失败');
    await settled();
    expect(toast.error).toHaveBeenCalledTimes(2);
    vi.setSystemTime(clock + 10_000);
    notify.error('点赞失败');
    await settled();
    expect(toast.error).toHaveBeenCalledTimes(3);
  });

  it('shows the server text of a failed call, else the default, and ignores cancels', async () => {
    notify.failure(new ApiError(409, '用户名已被占用'), '注册失败');
    notify.failure('odd', '注册失败，请稍后再试');
    notify.failure(new DOMException('x', 'AbortError'), '不该出现');
    await settled();
    expect(vi.mocked(toast.error).mock.calls.map(([message]) => message)).toEqual([
      '用户名已被占用',
      '注册失败，请稍后再试',
    ]);
  });
});

describe('the network notice', () => {
  it('stays 4.5 s and shows at most once per 10 s however many calls fail', async () => {
    const lost = () => new ApiError(0, errorText.networkLost);
    notify.failure(lost(), '点赞失败');
    notify.failure(lost(), '收藏失败');
    await settled();
    expect(toast).toHaveBeenCalledTimes(1);
    expect(toast).toHaveBeenCalledWith(errorText.networkLost, {
      id: errorText.networkLost,
      duration: 4_500,
    });
    expect(toast.error).not.toHaveBeenCalled();
    vi.setSystemTime(clock + 10_000);
    notify.failure(lost(), '点赞失败');
    await settled();
    expect(toast).toHaveBeenCalledTimes(2);
  });
});

describe('toaster settings', () => {
  it('are top right, 3 s, 8 px below the header, and clipped at the top while sliding in', () => {
    expect(toasterSettings).toEqual({
      position: 'top-right',
      containerStyle: {
        top: 'calc(var(--header-height) + 8px)',
        clipPath: 'inset(-8px -100vw -100vh -100vw)',
      },
      toastOptions: { duration: 3_000 },
    });
  });
});
