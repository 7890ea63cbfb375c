import { useState } from 'react';
import type { FormEvent } from 'react';
import { errorText } from '../../../../contract/page-messages';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import { register } from '../api/register';
import { authTexts } from '../texts';
import { validateRegister } from '../validation';
import type { RegisterInput } from '../validation';
import { useRegistration } from '../hooks/use-registration';
import { AgreementNote } from './agreement-note';
import { NewPasswordFields } from './new-password-fields';
import styles from './auth-form.module.css';
import { FormAlert } from '../../../components/form-alert';

/** Server answers that belong to one field rather than to the whole form. */
const FIELD_OF_MESSAGE: Record<string, keyof RegisterInput> = {
  [errorText.usernameTaken]: 'username',
  [errorText.usernameInvalid]: 'username',
  [errorText.emailTaken]: 'email',
  [errorText.emailInvalid]: 'email',
  [errorText.passwordInvalid]: 'password',
};

export function RegisterForm() {
  const [input, setInput] = useState<RegisterInput>({
    username: '',
    email: '',
    password: '',
    confirm: '',
  });
  const { errors, formError, busy, accept, send } = useRegistration(
    FIELD_OF_MESSAGE,
    errorText.registerFailed,
  );

  const field = (name: keyof RegisterInput) => ({
    value: input[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) =>
      setInput((current) => ({ ...current, [name]: event.target.value })),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateRegister(input);
    if (accept(found))
      await send(() =>
        register({
          username: input.username.trim(),
          email: input.email.trim(),
          password: input.password,
        }),
      );
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <FormAlert>{formError}</FormAlert>
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
