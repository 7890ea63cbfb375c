import type { ReactNode } from 'react';
import styles from './form-alert.module.css';

/**
 * What went wrong with a form or a step as a whole (a field's own error is its TextField's),
 * announced as it appears; nothing while there is nothing to say.
 */
export function FormAlert({ children }: { children: ReactNode }) {
  if (children === null || children === undefined || children === false || children === '') {
    return null;
  }
  return (
    <p className={styles.alert} role="alert">
      {children}
    </p>
  );
}
