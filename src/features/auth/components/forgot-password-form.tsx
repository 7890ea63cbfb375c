import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import { requestPasswordReset } from '../api/password-reset';
import { authTexts } from '../texts';
import { validateEmail } from '../validation';
import styles from './auth-form.module.css';
import { FormAlert } from '../../../components/form-alert';

export function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateEmail(email);
    setError(found);
    setFormError(null);
    if (found) return;
    setBusy(true);
    try {
      await requestPasswordReset(email);
      setSent(true);
    } catch (failure) {
      setFormError(failure instanceof Error ? failure.message : authTexts.forgotFailed);
    } finally {
      setBusy(false);
    }
  }

  if (sent) {
    return (
      <p className={styles.success} role="status">
        {authTexts.forgotSent}
      </p>
    );
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <FormAlert>{formError}</FormAlert>
      <TextField
        label={authTexts.emailLabel}
        placeholder={authTexts.emailPlaceholder}
        type="email"
        autoComplete="email"
        maxLength={254}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={error}
      />
      <Button type="submit" size="large" block loading={busy} loadingLabel={authTexts.sendingReset}>
        {authTexts.sendResetButton}
      </Button>
    </form>
  );
}
