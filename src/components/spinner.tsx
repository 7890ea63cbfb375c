import styles from './spinner.module.css';

export interface SpinnerProps {
  /** What is loading, read by screen readers. */
  label: string;
  size?: 'small' | 'large';
}

export function Spinner({ label, size = 'small' }: SpinnerProps) {
  return (
    <span className={styles.wrap} role="status">
      <span className={size === 'large' ? `${styles.ring} ${styles.large}` : styles.ring} />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

/** The fallback of a lazy page: a spinner centred in the content area. */
export function PageSpinner({ label }: { label: string }) {
  return (
    <div className={styles.page}>
      <Spinner label={label} size="large" />
    </div>
  );
}
