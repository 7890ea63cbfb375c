import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OfflineBanner } from './offline-banner';

function goOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

afterEach(() => {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
});

describe('OfflineBanner', () => {
  it('says the site is offline and what still works, and leaves when the network is back', () => {
    render(<OfflineBanner />);
    expect(screen.queryByRole('status')).toBeNull();

    goOnline(false);
    const banner = screen.getByRole('status');
    expect(banner.textContent).toContain('当前处于离线状态');
    expect(banner.textContent).toContain('联网后自动发送');

    goOnline(true);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
