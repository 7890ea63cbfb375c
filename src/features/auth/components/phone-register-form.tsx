import { useState } from 'react';
import type { FormEvent } from 'react';
import { errorText } from '../../../../contract/page-messages';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import { registerWithPhone } from '../api/phone';
import { authTexts } from '../texts';
import { normalizePhone, validatePhoneRegister } from '../validation';
import type { PhoneRegisterInput } from '../validation';
import { useRegistration } from '../hooks/use-registration';
import { AgreementNote } from './agreement-note';
import { NewPasswordFields } from './new-password-fields';
import styles from './auth-form.module.css';
import { PhoneCodeFields } from './phone-code-fields';
import { FormAlert } from '../../../components/form-alert';

/** Server answers (400 with a message, SPEC.md section 8) that belong to one field. */
const FIELD_OF_MESSAGE: Record<string, keyof PhoneRegisterInput> = {
  [errorText.usernameTaken]: 'username',
  [errorText.usernameInvalid]: 'username',
  [errorText.phoneTaken]: 'phone',
  [errorText.phoneInvalid]: 'phone',
  [errorText.codeWrong]: 'code',
  [errorText.codeExpired]: 'code',
  [errorText.codeFormatInvalid]: 'code',
  [errorText.passwordInvalid]: 'password',
};

export function PhoneRegisterForm({ initialPhone = '' }: { initialPhone?: string }) {
  const [input, setInput] = useState<PhoneRegisterInput>({
    phone: initialPhone,
    code: '',
    username: '',
    password: '',
    confirm: '',
  });
  const { errors, setErrors, formError, busy, accept, send } = useRegistration(
    FIELD_OF_MESSAGE,
    errorText.phoneRegisterFailed,
  );

  const set = (name: keyof PhoneRegisterInput) => (value: string) =>
    setInput((current) => ({ ...current, [name]: value }));
  const field = (name: 'username' | 'password' | 'confirm') => ({
    value: input[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => set(name)(event.target.value),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validatePhoneRegister(input);
    if (accept(found))
      await send(() =>
        registerWithPhone({
          username: input.username.trim(),
          phone: normalizePhone(input.phone),
          verificationCode: input.code.trim(),
          password: input.password,
        }),
      );
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <FormAlert>{formError}</FormAlert>
      <PhoneCodeFields
        purpose="register"
        phone={input.phone}
        code={input.code}
        onPhoneChange={set('phone')}
        onCodeChange={set('code')}
        errors={errors}
        onErrors={(next) => setErrors((current) => ({ ...current, ...next }))}
      />
      <TextField
        label={authTexts.usernameLabel}
        placeholder={authTexts.usernamePlaceholder}
        autoComplete="username"
        maxLength={20}
        {...field('username')}
      />
      <NewPasswordFields password={field('password')} confirm={field('confirm')} />
      <Button type="submit" size="large" block loading={busy} loadingLabel={authTexts.registering}>
        {authTexts.registerButton}
      </Button>
      <AgreementNote />
    </form>
  );
}
