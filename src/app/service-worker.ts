import { listenForInstallOffer } from '../features/offline/install-prompt';
import { startServiceWorker } from '../features/offline/service-worker';

/**
 * Registers the service worker (workbox-window, after load) and keeps the browser's install
 * offer for the 安装应用 button. "有新版本" is the offline feature's UpdatePrompt, mounted in
 * AppRoot.
 */
export function registerServiceWorker(): void {
  listenForInstallOffer();
  startServiceWorker();
}
