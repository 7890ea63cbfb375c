import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { errorText } from '../../../../contract/page-messages';
import { Button, buttonClass } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { ApiError } from '../../../lib/api/client';
import { notify } from '../../../lib/notify';
import { useSessionStore } from '../../../stores/session-store';
import { checkResetToken, resetPassword } from '../api/password-reset';
import { authTexts } from '../texts';
import { hasErrors, validateNewPassword } from '../validation';
import type { FieldErrors } from '../validation';
import { NewPasswordFields } from './new-password-fields';
import styles from './auth-form.module.css';
import { FormAlert } from '../../../components/form-alert';

type LinkState = { kind: 'checking' } | { kind: 'usable' } | { kind: 'unusable'; message: string };

/** A 4xx means the link itself is bad; anything else (offline) leaves the form to try. */
function isLinkRefused(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

export function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const [link, setLink] = useState<LinkState>({ kind: 'checking' });
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'password' | 'confirm'>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    checkResetToken(token).then(
      () => live && setLink({ kind: 'usable' }),
      (error: unknown) => {
        if (!live) return;
        setLink(
          isLinkRefused(error) ? { kind: 'unusable', message: error.message } : { kind: 'usable' },
        );
      },
    );
    return () => {
      live = false;
    };
  }, [token]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateNewPassword(password, confirm);
    setErrors(found);
    setFormError(null);
    if (hasErrors(found)) return;
    setBusy(true);
    try {
      await resetPassword(token, password);
      // The reset ended every session of that account: if it was this browser's, it is over.
      if (useSessionStore.getState().token) await useSessionStore.getState().refreshUser();
      notify.success(authTexts.resetDone);
      navigate('/login', { replace: true });
    } catch (failure) {
      if (isLinkRefused(failure) && failure.message === errorText.passwordInvalid) {
        setErrors({ password: failure.message });
      } else if (isLinkRefused(failure) && failure.message !== authTexts.resetFailed) {
        setLink({ kind: 'unusable', message: failure.message });
      } else {
        setFormError(failure instanceof Error ? failure.message : authTexts.resetFailed);
      }
      setBusy(false);
    }
  }

  if (link.kind === 'checking') {
    return (
      <div className={styles.centered}>
        <Spinner label={authTexts.checkingLink} size="large" />
      </div>
    );
  }

  if (link.kind === 'unusable') {
    return (
      <div className={styles.form}>
        <FormAlert>{link.message}</FormAlert>
        <Link to="/forgot-password" replace className={buttonClass({ size: 'large', block: true })}>
          {authTexts.requestAgain}
        </Link>
      </div>
    );
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <FormAlert>{formError}</FormAlert>
      <NewPasswordFields
        password={{
          value: password,
          onChange: (event) => setPassword(event.target.value),
          error: errors.password,
        }}
        confirm={{
          value: confirm,
          onChange: (event) => setConfirm(event.target.value),
          error: errors.confirm,
        }}
      />
      <Button type="submit" size="large" block loading={busy} loadingLabel={authTexts.resetting}>
        {authTexts.resetButton}
      </Button>
    </form>
  );
}
