import { afterEach, describe, expect, it, vi } from 'vitest';
import { acceptInstallOffer, listenForInstallOffer, useInstallStore } from './install-prompt';

function offerEvent(outcome: 'accepted' | 'dismissed') {
  const event = new Event('beforeinstallprompt', { cancelable: true });
  const prompt = vi.fn(async () => undefined);
  Object.assign(event, { prompt, userChoice: Promise.resolve({ outcome }) });
  return { event, prompt };
}

afterEach(() => {
  useInstallStore.setState({ offer: null });
});

describe('install offer', () => {
  listenForInstallOffer();

  it('keeps the browser’s offer for the button instead of the browser’s own bar', () => {
    const { event } = offerEvent('accepted');
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(useInstallStore.getState().offer).toBe(event);
  });

  it('shows the dialog once and reports the answer', async () => {
    const { event, prompt } = offerEvent('accepted');
    window.dispatchEvent(event);
    expect(await acceptInstallOffer()).toBe(true);
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(useInstallStore.getState().offer).toBeNull();
    expect(await acceptInstallOffer()).toBe(false);
  });

  it('drops the offer once the app is installed', () => {
    window.dispatchEvent(offerEvent('dismissed').event);
    window.dispatchEvent(new Event('appinstalled'));
    expect(useInstallStore.getState().offer).toBeNull();
  });
});
