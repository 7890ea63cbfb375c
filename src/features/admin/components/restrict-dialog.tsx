import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { fillText } from '../../../../contract/page-messages';
import { MUTE_DAYS_MAX, PEOPLE_REASON_MAX } from '../../../../contract/people';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import type { PeopleAction } from '../api/admin-people';
import { peopleTexts } from '../people-texts';
import styles from './reject-dialog.module.css';

export interface RestrictDialogProps {
  action: PeopleAction;
  name: string;
  onClose: () => void;
  /** Resolves true when the server accepted it (the dialog then closes). */
  onConfirm: (body: { reason: string; days?: number }) => Promise<boolean>;
}

/** Asks for the reason (and, for a mute, the days) of a mute, ban or lift. */
export function RestrictDialog({ action, name, onClose, onConfirm }: RestrictDialogProps) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [days, setDays] = useState('7');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const text = reason.trim();
    if (!text) {
      setError(peopleTexts.reasonRequired);
      return;
    }
    setBusy(true);
    const done = await onConfirm(
      action === 'mute' ? { reason: text, days: Number(days) } : { reason: text },
    );
    setBusy(false);
    if (done) onClose();
  }

  return (
    <Modal
      open
      onClose={onClose}
      title={fillText(peopleTexts.dialogTitle, { action: peopleTexts[action], name })}
      width={440}
    >
      <form onSubmit={(event) => void submit(event)} className={styles.form} noValidate>
        {action === 'mute' && (
          <>
            <label htmlFor={`${id}-days`} className={styles.label}>
              {peopleTexts.daysLabel}
            </label>
            <input
              id={`${id}-days`}
              className={styles.input}
              type="number"
              min={1}
              max={MUTE_DAYS_MAX}
              value={days}
              onChange={(event) => setDays(event.target.value)}
            />
          </>
        )}
        <label htmlFor={id} className={styles.label}>
          {peopleTexts.reasonLabel}
        </label>
        <textarea
          id={id}
          className={styles.input}
          value={reason}
          rows={3}
          maxLength={PEOPLE_REASON_MAX}
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
          {error ?? `${reason.length}/${PEOPLE_REASON_MAX}`}
        </p>
        <div className={styles.actions}>
          <Button variant="secondary" onClick={onClose}>
            {peopleTexts.cancel}
          </Button>
          <Button type="submit" variant={action === 'lift' ? 'primary' : 'danger'} loading={busy}>
            {peopleTexts.confirm}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
