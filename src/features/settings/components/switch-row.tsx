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

export interface KindSwitchesProps<Kind extends string> {
  kinds: readonly Kind[];
  /** Prefix of each row's id (`notify`, `push`). */
  idPrefix: string;
  texts: Record<Kind, { label: string; hint: string }>;
  shown: Record<Kind, boolean>;
  /** The kind being saved, whose switch waits. */
  saving: Kind | null;
  onFlip: (kind: Kind) => void;
}

/** A switch per kind (of notification, of push), each flipped on its own. */
export function KindSwitches<Kind extends string>({
  kinds,
  idPrefix,
  texts,
  shown,
  saving,
  onFlip,
}: KindSwitchesProps<Kind>) {
  return (
    <ul className={styles.list}>
      {kinds.map((kind) => (
        <SwitchRow
          key={kind}
          id={`${idPrefix}-${kind}`}
          label={texts[kind].label}
          hint={texts[kind].hint}
          checked={shown[kind]}
          busy={saving === kind}
          onFlip={() => onFlip(kind)}
        />
      ))}
    </ul>
  );
}
