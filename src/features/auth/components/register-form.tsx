import { useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorText } from '../../../../contract/messages';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import { notify } from '../../../lib/notify';
import { useSessionStore } from '../../../stores/session-store';
import { register } from '../api/register';
import { authTexts } from '../texts';
import { hasErrors, validateRegister } from '../validation';
import type { FieldErrors, RegisterInput } from '../validation';
import { AgreementNote } from './agreement-note';
import { NewPasswordFields } from './new-password-fields';
import styles from './auth-form.module.css';

/** Server answers that belong to one field rather than to the whole form. */
const FIELD_OF_MESSAGE: Record<string, keyof RegisterInput> = {
  [errorText.usernameTaken]: 'username',
  [errorText.usernameInvalid]: 'username',
  [errorText.emailTaken]: 'email',
  [errorText.emailInvalid]: 'email',
  [errorText.passwordInvalid]: 'password',
};

export function RegisterForm() {
  const navigate = useNavigate();
  const [input, setInput] = useState<RegisterInput>({
    username: '',
    email: '',
    password: '',
    confirm: '',
  });
  const [errors, setErrors] = useState<FieldErrors<keyof RegisterInput>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const field = (name: keyof RegisterInput) => ({
    value: input[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) =>
      setInput((current) => ({ ...current, [name]: event.target.value })),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateRegister(input);
    setErrors(found);
    setFormError(null);
    if (hasErrors(found)) return;
    setBusy(true);
    try {
      const response = await register({
        username: input.username.trim(),
        email: input.email.trim(),
        password: input.password,
      });
      await useSessionStore.getState().signIn(response, 'register');
      notify.success(authTexts.registerSuccess);
      navigate('/', { replace: true, state: { marker: 'register' } });
    } catch (error) {
      const message = error instanceof Error ? error.message : errorText.registerFailed;
      const target = FIELD_OF_MESSAGE[message];
      if (target) setErrors({ [target]: message });
      else setFormError(message);
      setBusy(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      {formError && (
        <p className={styles.alert} role="alert">
          {formError}
        </p>
      )}
      <TextField
        label={authTexts.usernameLabel}
        placeholder={authTexts.usernamePlaceholder}
        autoComplete="username"
        maxLength={20}
        {...field('username')}
      />
      <TextField
        label={authTexts.emailLabel}
        placeholder={authTexts.emailPlaceholder}
        type="email"
        autoComplete="email"
        maxLength={254}
        {...field('email')}
      />
      <NewPasswordFields password={field('password')} confirm={field('confirm')} />
      <Button type="submit" size="large" block loading={busy} loadingLabel={authTexts.registering}>
        {authTexts.registerButton}
      </Button>
      <AgreementNote />
    </form>
  );
}
