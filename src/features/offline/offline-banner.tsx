import { WifiOff } from 'lucide-react';
import { offlineTexts } from './texts';
import { useOnlineStatus } from '../../lib/use-online-status';
import styles from './offline-banner.module.css';

/** Says the site is offline and what still works; gone as soon as the network is back. */
export function OfflineBanner() {
  const online = useOnlineStatus();
  if (online) return null;
  return (
    <div className={styles.banner} role="status">
      <WifiOff size={16} aria-hidden />
      <strong>{offlineTexts.banner.offline}</strong>
      <span className={styles.detail}>{offlineTexts.banner.whatWorks}</span>
    </div>
  );
}
