import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { REJECT_REASON_MAX } from '../../../../contract/admin';
import { errorText } from '../../../../contract/page-messages';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { adminTexts } from '../texts';
import styles from './reject-dialog.module.css';

export interface RejectDialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  onReject: (reason: string) => Promise<boolean>;
}

/** Asks for the reason a note is rejected (the author is told it). */
export function RejectDialog({ open, title, onClose, onReject }: RejectDialogProps) {
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
    if (!text) {
      setError(errorText.rejectReasonRequired);
      return;
    }
    setBusy(true);
    const done = await onReject(text);
    setBusy(false);
    if (done) close();
  }

  return (
    <Modal open={open} onClose={close} title={adminTexts.rejectTitle} width={440}>
      <form onSubmit={(event) => void submit(event)} className={styles.form} noValidate>
        <p className={styles.subject}>{title}</p>
        <label htmlFor={id} className={styles.label}>
          {adminTexts.rejectReasonLabel}
        </label>
        <textarea
          id={id}
          className={styles.input}
          value={reason}
          rows={4}
          maxLength={REJECT_REASON_MAX}
          placeholder={adminTexts.rejectReasonPlaceholder}
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
          {error ?? `${adminTexts.rejectReasonHint}（${reason.length}/${REJECT_REASON_MAX}）`}
        </p>
        <div className={styles.actions}>
          <Button variant="secondary" onClick={close}>
            {adminTexts.cancel}
          </Button>
          <Button type="submit" variant="danger" loading={busy}>
            {adminTexts.confirmReject}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
