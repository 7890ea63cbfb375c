import { create } from 'zustand';

/** Chromium's install prompt event (not in TypeScript's DOM types). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

interface InstallState {
  offer: BeforeInstallPromptEvent | null;
}

export const useInstallStore = create<InstallState>(() => ({ offer: null }));

/**
 * Keeps the browser's install offer for the 安装应用 button instead of letting the browser show
 * its own bar at a moment of its choosing. Call once, early: the event fires only once.
 */
export function listenForInstallOffer(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    useInstallStore.setState({ offer: event as BeforeInstallPromptEvent });
  });
  window.addEventListener('appinstalled', () => useInstallStore.setState({ offer: null }));
}

/** Shows the browser's install dialog; the offer is spent whatever the answer. */
export async function acceptInstallOffer(): Promise<boolean> {
  const { offer } = useInstallStore.getState();
  if (!offer) return false;
  useInstallStore.setState({ offer: null });
  await offer.prompt();
  return (await offer.userChoice).outcome === 'accepted';
}
