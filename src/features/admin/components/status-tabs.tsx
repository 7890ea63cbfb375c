import type { PostStatus } from '../../../../contract/post';
import { adminTexts } from '../texts';
import styles from './status-tabs.module.css';

const TABS: { value: PostStatus; label: string }[] = [
  { value: 'pending', label: adminTexts.tabPending },
  { value: 'approved', label: adminTexts.tabApproved },
  { value: 'rejected', label: adminTexts.tabRejected },
];

/** 待审核 / 已通过 / 已拒绝. */
export function StatusTabs({
  active,
  onChange,
}: {
  active: PostStatus;
  onChange: (status: PostStatus) => void;
}) {
  return (
    <div className={styles.tabs} role="group" aria-label={adminTexts.statusTabsLabel}>
      {TABS.map((tab) => (
        <button
          key={tab.value}
          type="button"
          aria-pressed={tab.value === active}
          className={tab.value === active ? `${styles.tab} ${styles.active}` : styles.tab}
          onClick={() => onChange(tab.value)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
