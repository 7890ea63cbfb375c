import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../../components/button';
import { notify } from '../../../../lib/notify';
import { useSessionStore } from '../../../../stores/session-store';
import { logoutEverywhere } from '../../api/account';
import { authTexts } from '../../texts';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import styles from './account.module.css';

const texts = authTexts.account;

/** Ends every session of the account on the server, then signs this browser out too. */
export function LogoutEverywhere() {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      await logoutEverywhere();
      notify.success(texts.logoutAllDone);
      await useSessionStore.getState().logout();
    } catch (error) {
      notify.failure(error);
      setBusy(false);
      setConfirming(false);
    }
  }

  return (
    <div className={styles.row}>
      <LogOut size={20} aria-hidden="true" className={styles.rowIcon} />
      <p className={`${styles.rowText} ${styles.muted}`}>{texts.logoutAllText}</p>
      <Button variant="danger" size="small" onClick={() => setConfirming(true)}>
        {texts.logoutAll}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={texts.logoutAllTitle}
        message={texts.logoutAllText}
        confirmLabel={texts.logoutAllConfirm}
        busy={busy}
        busyLabel={texts.loggingOutAll}
        onConfirm={() => void confirm()}
        onClose={() => setConfirming(false)}
      />
    </div>
  );
}
