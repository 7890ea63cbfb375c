import styles from './preferences.module.css';

export interface SwitchRowProps {
  id: string;
  label: string;
  hint: string;
  checked: boolean;
  busy?: boolean;
  disabled?: boolean;
  onFlip: () => void;
}

/** One labelled on/off switch of a settings list. */
export function SwitchRow({ id, label, hint, checked, busy, disabled, onFlip }: SwitchRowProps) {
  return (
    <li className={styles.item}>
      <div className={styles.itemText}>
        <span id={id} className={styles.itemLabel}>
          {label}
        </span>
        <span className={styles.itemHint}>{hint}</span>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={id}
        aria-busy={busy || undefined}
        disabled={busy || disabled}
        className={styles.switch}
        onClick={onFlip}
      >
        <span className={styles.knob} />
      </button>
    </li>
  );
}
