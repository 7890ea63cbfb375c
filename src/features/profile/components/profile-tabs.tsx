import { profileTexts } from '../texts';
import styles from './profile-tabs.module.css';

export interface ProfileTab<T extends string> {
  value: T;
  label: string;
}

/** The tabs under a profile header; the panel below is labelled by the active tab. */
export function ProfileTabs<T extends string>({
  tabs,
  active,
  onChange,
  idPrefix,
}: {
  tabs: ProfileTab<T>[];
  active: T;
  onChange: (tab: T) => void;
  idPrefix: string;
}) {
  return (
    <div className={styles.tabs} role="tablist" aria-label={profileTexts.tabsLabel}>
      {tabs.map((tab) => (
        <button
          key={tab.value}
          id={`${idPrefix}-${tab.value}`}
          type="button"
          role="tab"
          aria-selected={tab.value === active}
          aria-controls={`${idPrefix}-panel`}
          tabIndex={tab.value === active ? 0 : -1}
          className={tab.value === active ? `${styles.tab} ${styles.active}` : styles.tab}
          onClick={() => onChange(tab.value)}
          onKeyDown={(event) => {
            const index = tabs.findIndex((item) => item.value === active);
            const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
            if (!step) return;
            event.preventDefault();
            const next = tabs[(index + step + tabs.length) % tabs.length];
            onChange(next.value);
            document.getElementById(`${idPrefix}-${next.value}`)?.focus();
          }}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
