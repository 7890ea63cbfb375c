import styles from './status-tabs.module.css';

export interface StatusTab<T extends string> {
  value: T;
  label: string;
}

/** The status filter of an admin list (待审核 / 已通过 / 已拒绝, 待处理 / 已处理). */
export function StatusTabs<T extends string>({
  tabs,
  label,
  active,
  onChange,
}: {
  tabs: readonly StatusTab<T>[];
  /** Names the group for screen readers. */
  label: string;
  active: T;
  onChange: (status: T) => void;
}) {
  return (
    <div className={styles.tabs} role="group" aria-label={label}>
      {tabs.map((tab) => (
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
