import toast from 'react-hot-toast';
import { registerSW } from 'virtual:pwa-register';
import { shellTexts } from './texts';

/**
 * Registers the service worker. When a new version has installed, a toast offers to switch;
 * the page reloads only when the reader agrees, so nothing they are typing is lost.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const update = registerSW({
    onNeedRefresh() {
      toast(
        (shown) => (
          <span style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
            {shellTexts.update.available}
            <button
              type="button"
              style={{
                border: 0,
                borderRadius: 6,
                padding: '4px 10px',
                background: 'var(--color-accent)',
                color: 'var(--color-on-accent)',
              }}
              onClick={() => {
                toast.dismiss(shown.id);
                void update(true);
              }}
            >
              {shellTexts.update.reload}
            </button>
          </span>
        ),
        { id: 'app-update', duration: Infinity },
      );
    },
  });
}
