import type { ReactNode } from 'react';
import styles from './phone-only.module.css';

/** Shows its content below 768 px only (the header carries the search box above that). */
export function PhoneOnly({ children }: { children: ReactNode }) {
  return <div className={styles.phoneOnly}>{children}</div>;
}
