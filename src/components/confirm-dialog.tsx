import { Button } from './button';
import { Modal } from './modal';
import { componentTexts } from './texts';
import styles from './confirm-dialog.module.css';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  busy?: boolean;
  /** What the button's spinner announces while busy. */
  busyLabel?: string;
}

/** Asks before something that cannot be undone (deleting, unbinding, signing out). */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  onConfirm,
  onClose,
  busy = false,
  busyLabel,
}: ConfirmDialogProps) {
  return (
    <Modal open={open} onClose={onClose} title={title} width={400}>
      <p className={styles.message}>{message}</p>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          {componentTexts.cancel}
        </Button>
        <Button variant="danger" onClick={onConfirm} loading={busy} loadingLabel={busyLabel}>
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
