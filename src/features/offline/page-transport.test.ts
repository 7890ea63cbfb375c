import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api/client';
import { pageTransport } from './page-transport';

describe('pageTransport.judge', () => {
  it('waits out a missing network, timeouts and server faults', () => {
    expect(pageTransport.judge(new ApiError(0, '网络连接已断开，请检查网络后重试'))).toEqual({
      transient: true,
      message: '网络连接已断开，请检查网络后重试',
    });
    expect(pageTransport.judge(new ApiError(408, '请求超时，请稍后再试')).transient).toBe(true);
    expect(pageTransport.judge(new ApiError(502, '服务器内部错误')).transient).toBe(true);
  });

  it('shows a refusal as it is and asks to sign in again after a 401', () => {
    expect(pageTransport.judge(new ApiError(400, '请输入标题'))).toEqual({
      transient: false,
      message: '请输入标题',
    });
    expect(pageTransport.judge(new ApiError(401, 'x')).message).toBe('登录已过期，请重新登录');
  });
});
