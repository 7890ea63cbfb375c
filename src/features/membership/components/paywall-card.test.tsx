import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CreateOrderResult, OrderState, OrderStatus } from '../../../../contract/payment';
import type { User } from '../../../../contract/user';
import { api } from '../../../lib/api/client';
import { clearPaidPosts, isPaid, markPaid } from '../../../lib/paid-posts';
import { useSessionStore } from '../../../stores/session-store';
import type { PaidNote } from '../hooks/use-paid-record';
import { PaywallCard } from './paywall-card';

const reader: User = {
  _id: '7',
  id: '7',
  username: 'reader',
  avatar: '/images/default_head.png',
  bio: '',
  isPremium: false,
  premiumEndDate: null,
  isAdmin: false,
  atmosphereValue: 3,
  createdAt: '2026-01-01T00:00:00.000Z',
};

const note: PaidNote = { id: '42', price: 9.9, isPaid: false, canRead: false, author: { id: '2' } };

function order(status: OrderStatus): OrderState['order'] {
  return {
    _id: 'ord_1234567',
    id: 'ord_1234567',
    kind: 'post',
    status,
    planId: null,
    postId: '42',
    subject: '付费笔记：提示词工程实战',
    amountYuan: 9.9,
    provider: 'sandbox',
    createdAt: '2026-05-01T00:00:00.000Z',
    paidAt: status === 'paid' ? '2026-05-01T00:00:03.000Z' : null,
  };
}

/** The server: an order, then the sandbox confirm answering with the outcome. */
function fakePayments() {
  return vi.spyOn(api, 'post').mockImplementation(async (path: string, body?: unknown) => {
    if (path === '/api/payments/orders') {
      return {
        order: order('pending'),
        payment: { provider: 'sandbox', confirmUrl: '/api/payments/orders/ord_1234567/confirm' },
      } satisfies CreateOrderResult;
    }
    const { outcome } = body as { outcome: 'paid' | 'failed' };
    return { order: order(outcome), user: reader } satisfies OrderState;
  });
}

function renderCard(onUnlock: () => Promise<{ canRead: boolean } | undefined>) {
  return render(
    <MemoryRouter>
      <PaywallCard post={note} onUnlock={onUnlock} />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  useSessionStore.setState({ status: 'signed-in', token: 't', user: reader });
  vi.spyOn(api, 'get').mockResolvedValue(reader);
});

afterEach(async () => {
  vi.restoreAllMocks();
  useSessionStore.setState({ status: 'signed-out', token: null, user: null });
  await clearPaidPosts();
});

describe('PaywallCard', () => {
  it('shows the price and a way to membership', () => {
    renderCard(vi.fn());
    expect(screen.getByRole('region', { name: '付费笔记' }).textContent).toContain('¥9.90');
    expect(screen.getByRole('link', { name: /开通会员/ }).getAttribute('href')).toBe('/membership');
  });

  it('buys the note through the sandbox cashier and reads it again', async () => {
    const post = fakePayments();
    const onUnlock = vi.fn(async () => ({ canRead: true }));
    renderCard(onUnlock);

    fireEvent.click(screen.getByRole('button', { name: '购买全文，9.90 元' }));
    const cashier = await screen.findByRole('dialog', { name: '模拟支付' });
    expect(post).toHaveBeenCalledWith(
      '/api/payments/orders',
      { kind: 'post', postId: '42' },
      expect.anything(),
    );
    expect(cashier.textContent).toContain('9.90');
    expect(onUnlock).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: '确认支付' }));
    await waitFor(() => expect(onUnlock).toHaveBeenCalledTimes(1));
    expect(post).toHaveBeenLastCalledWith(
      '/api/payments/orders/ord_1234567/confirm',
      { outcome: 'paid' },
      expect.anything(),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await isPaid('7', '42')).toBe(true);
  });

  it('closes the order on 取消支付 and unlocks nothing', async () => {
    const post = fakePayments();
    const onUnlock = vi.fn(async () => ({ canRead: false }));
    renderCard(onUnlock);
    fireEvent.click(screen.getByRole('button', { name: '购买全文，9.90 元' }));
    await screen.findByRole('dialog', { name: '模拟支付' });
    fireEvent.click(screen.getByRole('button', { name: '取消支付' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(post).toHaveBeenLastCalledWith(
      '/api/payments/orders/ord_1234567/confirm',
      { outcome: 'failed' },
      expect.anything(),
    );
    expect(onUnlock).not.toHaveBeenCalled();
    expect(await isPaid('7', '42')).toBe(false);
  });

  it('never opens the note from the cache: it asks the server and drops a wrong record', async () => {
    await markPaid('7', '42');
    const onUnlock = vi.fn(async () => ({ canRead: false }));
    renderCard(onUnlock);
    await screen.findByText('正在确认购买状态…');
    await waitFor(() => expect(onUnlock).toHaveBeenCalledTimes(1));
    await waitFor(async () => expect(await isPaid('7', '42')).toBe(false));
    expect(screen.getByRole('button', { name: '购买全文，9.90 元' })).toBeTruthy();
  });
});
