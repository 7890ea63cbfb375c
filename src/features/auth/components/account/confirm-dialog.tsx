import { Button } from '../../../../components/button';
import { Modal } from '../../../../components/modal';
import { authTexts } from '../../texts';
import styles from './account.module.css';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  busy: boolean;
  busyLabel: string;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before an action that cannot be undone from this page (unbinding, signing out). */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  busy,
  busyLabel,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  return (
    <Modal open={open} onClose={onClose} title={title} width={400}>
      <p className={styles.dialogText}>{message}</p>
      <div className={styles.dialogActions}>
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          {authTexts.account.cancel}
        </Button>
        <Button variant="danger" onClick={onConfirm} loading={busy} loadingLabel={busyLabel}>
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
