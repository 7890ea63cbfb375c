import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderState, OrderStatus } from '../../../../contract/payment';
import type { User } from '../../../../contract/user';
import { api } from '../../../lib/api/client';
import { useSessionStore } from '../../../stores/session-store';
import { ORDER_POLL_INTERVAL_MS } from '../order-polling';
import { useCheckout } from './use-checkout';

const member: User = {
  _id: '7',
  id: '7',
  username: 'reader',
  avatar: '/images/default_head.png',
  bio: '',
  isPremium: true,
  premiumEndDate: '2099-06-01T00:00:00.000Z',
  isAdmin: false,
  atmosphereValue: 3,
  createdAt: '2026-01-01T00:00:00.000Z',
};

function stateWith(status: OrderStatus): OrderState {
  return {
    order: {
      _id: 'ord_1234567',
      id: 'ord_1234567',
      kind: 'membership',
      status,
      planId: 'month',
      postId: null,
      subject: '氛围笔记 月度会员',
      amountYuan: 18,
      provider: 'alipay',
      createdAt: '2026-05-01T00:00:00.000Z',
      paidAt: status === 'paid' ? '2026-05-01T00:00:09.000Z' : null,
    },
    user: status === 'paid' ? member : { ...member, isPremium: false, premiumEndDate: null },
  };
}

beforeEach(() => {
  vi.useFakeTimers();
  useSessionStore.setState({
    status: 'signed-in',
    token: 't',
    user: { ...member, isPremium: false, premiumEndDate: null },
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  useSessionStore.setState({ status: 'signed-out', token: null, user: null });
});

describe('useCheckout after the provider sends the buyer back', () => {
  it('waits for the notice, then applies the membership to the stored user', async () => {
    const answers = [stateWith('pending'), stateWith('paid')];
    const get = vi.spyOn(api, 'get').mockImplementation(async (path: string) => {
      if (path.startsWith('/api/payments/orders/')) return answers.shift();
      return member;
    });
    const onPaid = vi.fn();
    const { result } = renderHook(() => useCheckout({ onPaid }));

    act(() => void result.current.follow('ord_1234567'));
    expect(result.current.phase).toEqual({ name: 'waiting', orderId: 'ord_1234567' });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(onPaid).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(ORDER_POLL_INTERVAL_MS));

    expect(onPaid).toHaveBeenCalledTimes(1);
    expect(result.current.phase).toEqual({ name: 'idle' });
    expect(useSessionStore.getState().user).toMatchObject({
      isPremium: true,
      premiumEndDate: '2099-06-01T00:00:00.000Z',
    });
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ isPremium: true });
    expect(get).toHaveBeenCalledWith('/api/payments/orders/ord_1234567', expect.anything());
  });

  it('grants nothing for an order that ended failed', async () => {
    vi.spyOn(api, 'get').mockResolvedValue(stateWith('failed'));
    const onPaid = vi.fn();
    const { result } = renderHook(() => useCheckout({ onPaid }));
    await act(() => result.current.follow('ord_1234567'));
    expect(onPaid).not.toHaveBeenCalled();
    expect(useSessionStore.getState().user?.isPremium).toBe(false);
  });

  it('stops asking when the page goes away', async () => {
    const get = vi.spyOn(api, 'get').mockResolvedValue(stateWith('pending'));
    const { result, unmount } = renderHook(() => useCheckout());
    act(() => void result.current.follow('ord_1234567'));
    await act(() => vi.advanceTimersByTimeAsync(0));
    unmount();
    await vi.advanceTimersByTimeAsync(ORDER_POLL_INTERVAL_MS * 5);
    expect(get).toHaveBeenCalledTimes(1);
  });
});
