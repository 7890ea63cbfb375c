import { useId, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { Button } from './button';
import { Modal } from './modal';
import { componentTexts } from './texts';
import styles from './form-layout.module.css';

export interface ReasonDialogProps {
  open: boolean;
  title: string;
  /** A line naming what the reason is about, above the form. */
  subject?: string;
  /** Fields asked before the reason (a reason's kind, a number of days). */
  children?: ReactNode;
  label: string;
  placeholder?: string;
  /** Said next to the character count, e.g. who will read the reason. */
  hint?: string;
  maxLength: number;
  rows?: number;
  /** The message shown when the reason is left blank; without it the reason is optional. */
  requiredMessage?: string;
  confirmLabel: string;
  confirmVariant?: 'danger' | 'primary';
  onClose: () => void;
  /** Gets the trimmed reason; resolves true when it was accepted (the dialog then closes). */
  onConfirm: (reason: string) => Promise<boolean>;
}

/** A dialog whose form ends in a reason: rejecting a note, restricting a person, reporting. */
export function ReasonDialog({
  open,
  title,
  subject,
  children,
  label,
  placeholder,
  hint,
  maxLength,
  rows = 3,
  requiredMessage,
  confirmLabel,
  confirmVariant = 'danger',
  onClose,
  onConfirm,
}: ReasonDialogProps) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function close() {
    setReason('');
    setError(null);
    onClose();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const text = reason.trim();
    if (!text && requiredMessage) {
      setError(requiredMessage);
      return;
    }
    setBusy(true);
    const done = await onConfirm(text);
    setBusy(false);
    if (done) close();
  }

  const count = `${reason.length}/${maxLength}`;
  return (
    <Modal open={open} onClose={close} title={title} width={440}>
      <form onSubmit={(event) => void submit(event)} className={styles.form} noValidate>
        {subject && <p className={styles.subject}>{subject}</p>}
        {children}
        <label htmlFor={id} className={styles.label}>
          {label}
        </label>
        <textarea
          id={id}
          className={styles.input}
          value={reason}
          rows={rows}
          maxLength={maxLength}
          placeholder={placeholder}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-note`}
          onChange={(event) => {
            setReason(event.target.value);
            setError(null);
          }}
        />
        <p
          id={`${id}-note`}
          className={error ? styles.error : styles.hint}
          role={error ? 'alert' : undefined}
        >
          {error ?? (hint ? `${hint}（${count}）` : count)}
        </p>
        <div className={styles.actions}>
          <Button variant="secondary" onClick={close}>
            {componentTexts.cancel}
          </Button>
          <Button type="submit" variant={confirmVariant} loading={busy}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
