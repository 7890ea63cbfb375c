import { formatBadgeCount } from '../../lib/format';
import styles from './badge.module.css';

/** "Counts over 99 show 99+"; nothing at 0. The count is announced by the owner's label. */
export function Badge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className={styles.badge} aria-hidden="true">
      {formatBadgeCount(count)}
    </span>
  );
}
