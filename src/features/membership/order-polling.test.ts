import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderState, OrderStatus } from '../../../contract/payment';
import { ApiError } from '../../lib/api/client';
import { OrderPollTimeout, waitForOrder } from './order-polling';

function stateWith(status: OrderStatus): OrderState {
  return {
    order: {
      _id: 'o1',
      id: 'o1',
      kind: 'membership',
      status,
      planId: 'month',
      postId: null,
      subject: '氛围笔记 月度会员',
      amountYuan: 18,
      provider: 'sandbox',
      createdAt: '2026-05-01T00:00:00.000Z',
      paidAt: status === 'paid' ? '2026-05-01T00:00:05.000Z' : null,
    },
    user: {
      _id: '1',
      id: '1',
      username: 'reader',
      avatar: '/images/default_head.png',
      bio: '',
      isPremium: status === 'paid',
      premiumEndDate: null,
      isAdmin: false,
      atmosphereValue: 0,
      createdAt: '2026-01-01T00:00:00.000Z',
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('waitForOrder', () => {
  it('asks again every interval until the order is paid', async () => {
    const fetchOrder = vi
      .fn<() => Promise<OrderState>>()
      .mockResolvedValueOnce(stateWith('pending'))
      .mockResolvedValueOnce(stateWith('pending'))
      .mockResolvedValueOnce(stateWith('paid'));
    const waiting = waitForOrder(fetchOrder, { intervalMs: 1000, timeoutMs: 10_000 });

    await vi.advanceTimersByTimeAsync(0);
    expect(fetchOrder).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(fetchOrder).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchOrder).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1000);
    await expect(waiting).resolves.toMatchObject({ order: { status: 'paid' } });
    expect(fetchOrder).toHaveBeenCalledTimes(3);
  });

  it('returns a failed or refunded order as the answer, not as an error', async () => {
    const fetchOrder = vi.fn(async () => stateWith('failed'));
    await expect(waitForOrder(fetchOrder)).resolves.toMatchObject({ order: { status: 'failed' } });
  });

  it('keeps waiting through a network failure', async () => {
    const fetchOrder = vi
      .fn<() => Promise<OrderState>>()
      .mockRejectedValueOnce(new ApiError(0, '网络连接已断开'))
      .mockResolvedValueOnce(stateWith('paid'));
    const waiting = waitForOrder(fetchOrder, { intervalMs: 500 });
    await vi.advanceTimersByTimeAsync(500);
    await expect(waiting).resolves.toMatchObject({ order: { status: 'paid' } });
  });

  it('stops at once on an answer that will not change (404)', async () => {
    const fetchOrder = vi.fn(async (): Promise<OrderState> => {
      throw new ApiError(404, '订单不存在');
    });
    await expect(waitForOrder(fetchOrder)).rejects.toMatchObject({ status: 404 });
    expect(fetchOrder).toHaveBeenCalledTimes(1);
  });

  it('gives up after the timeout while the order stays pending', async () => {
    const fetchOrder = vi.fn(async () => stateWith('pending'));
    const waiting = waitForOrder(fetchOrder, { intervalMs: 1000, timeoutMs: 3000 });
    const outcome = expect(waiting).rejects.toBeInstanceOf(OrderPollTimeout);
    await vi.advanceTimersByTimeAsync(3000);
    await outcome;
    expect(fetchOrder).toHaveBeenCalledTimes(4);
  });

  it('stops when the caller cancels', async () => {
    const controller = new AbortController();
    const fetchOrder = vi.fn(async () => stateWith('pending'));
    const waiting = waitForOrder(fetchOrder, { intervalMs: 1000, signal: controller.signal });
    const outcome = expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
    await vi.advanceTimersByTimeAsync(0);
    controller.abort();
    await outcome;
    await vi.advanceTimersByTimeAsync(5000);
    expect(fetchOrder).toHaveBeenCalledTimes(1);
  });
});
