import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Button, buttonClass } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import { resetPassword } from '../api/password-reset';
import { authTexts } from '../texts';
import { hasErrors, validateNewPassword, type FieldErrors } from '../validation';
import styles from './auth-form.module.css';

export function ResetPasswordForm({ token }: { token: string }) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'password' | 'confirm'>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateNewPassword(password, confirm);
    setErrors(found);
    setFormError(null);
    if (hasErrors(found)) return;
    setBusy(true);
    try {
      await resetPassword(token, password);
      setDone(true);
    } catch (failure) {
      setFormError(failure instanceof Error ? failure.message : authTexts.resetFailed);
    } finally {
      setBusy(false);
    }
  }

  if (done) {
    return (
      <div className={styles.form}>
        <p className={styles.success} role="status">
          {authTexts.resetDone}
        </p>
        <Link to="/login" replace className={buttonClass({ size: 'large', block: true })}>
          {authTexts.goLogin}
        </Link>
      </div>
    );
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      {formError && (
        <p className={styles.alert} role="alert">
          {formError}
        </p>
      )}
      <TextField
        label={authTexts.newPasswordLabel}
        placeholder={authTexts.newPasswordPlaceholder}
        type="password"
        autoComplete="new-password"
        maxLength={64}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.password}
      />
      <TextField
        label={authTexts.confirmLabel}
        placeholder={authTexts.confirmPlaceholder}
        type="password"
        autoComplete="new-password"
        maxLength={64}
        value={confirm}
        onChange={(event) => setConfirm(event.target.value)}
        error={errors.confirm}
      />
      <Button type="submit" size="large" block loading={busy} loadingLabel={authTexts.resetting}>
        {authTexts.resetButton}
      </Button>
    </form>
  );
}
