import { useState } from 'react';
import type { FormEvent } from 'react';
import { ApiError } from '../../../lib/api/client';
import { notify } from '../../../lib/notify';
import { useSessionStore } from '../../../stores/session-store';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import { loginWithPassword } from '../api/login';
import { authTexts } from '../texts';
import { hasErrors, validateLogin } from '../validation';
import type { FieldErrors } from '../validation';
import styles from './auth-form.module.css';
import { FormAlert } from '../../../components/form-alert';

export interface PasswordLoginFormProps {
  onSuccess: () => void;
}

export function PasswordLoginForm({ onSuccess }: PasswordLoginFormProps) {
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'account' | 'password'>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateLogin(account, password);
    setErrors(found);
    setFormError(null);
    if (hasErrors(found)) return;
    setBusy(true);
    try {
      const response = await loginWithPassword(account, password);
      await useSessionStore.getState().signIn(response);
      notify.success(authTexts.loginSuccess(useSessionStore.getState().user?.username ?? ''));
      onSuccess();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      // The two answers that point at one field go under that field.
      if (error instanceof ApiError && error.status === 401) setErrors({ password: message });
      else if (error instanceof ApiError && error.status === 404) setErrors({ account: message });
      else setFormError(message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <FormAlert>{formError}</FormAlert>
      <TextField
        label={authTexts.accountLabel}
        placeholder={authTexts.accountPlaceholder}
        autoComplete="username"
        value={account}
        onChange={(event) => setAccount(event.target.value)}
        error={errors.account}
        maxLength={254}
      />
      <TextField
        label={authTexts.passwordLabel}
        placeholder={authTexts.passwordPlaceholder}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.password}
        maxLength={128}
      />
      <Button type="submit" size="large" block loading={busy} loadingLabel={authTexts.loggingIn}>
        {authTexts.loginButton}
      </Button>
    </form>
  );
}
