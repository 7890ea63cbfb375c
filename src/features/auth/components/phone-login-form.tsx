import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { errorText } from '../../../../contract/page-messages';
import { Button } from '../../../components/button';
import { ApiError } from '../../../lib/api/client';
import { notify } from '../../../lib/notify';
import { useSessionStore } from '../../../stores/session-store';
import { loginWithPhone } from '../api/phone';
import { authTexts } from '../texts';
import { hasErrors, normalizePhone, validatePhoneCode } from '../validation';
import styles from './auth-form.module.css';
import { PhoneCodeFields } from './phone-code-fields';
import type { PhoneCodeErrors } from './phone-code-fields';
import { FormAlert } from '../../../components/form-alert';

export interface PhoneLoginFormProps {
  onSuccess: () => void;
  /** Called when a link leaves the modal (to register the number). */
  onLeave: () => void;
}

export function PhoneLoginForm({ onSuccess, onLeave }: PhoneLoginFormProps) {
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<PhoneCodeErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validatePhoneCode({ phone, code });
    setErrors(found);
    setFormError(null);
    if (hasErrors(found)) return;
    setBusy(true);
    try {
      const response = await loginWithPhone(normalizePhone(phone), code.trim());
      await useSessionStore.getState().signIn(response, 'phone');
      notify.success(authTexts.loginSuccess(useSessionStore.getState().user?.username ?? ''));
      onSuccess();
    } catch (error) {
      const message = error instanceof Error ? error.message : errorText.phoneLoginFailed;
      if (error instanceof ApiError && error.status === 401) setErrors({ code: message });
      else if (error instanceof ApiError && error.status === 404) setErrors({ phone: message });
      else setFormError(message);
    } finally {
      setBusy(false);
    }
  }

  const registerLink = errors.phone === errorText.phoneNotRegistered && (
    <p className={styles.notice}>
      {authTexts.phoneNotRegisteredHint}
      <Link
        to={`/register?mode=phone&phone=${encodeURIComponent(normalizePhone(phone))}`}
        className={styles.link}
        onClick={onLeave}
      >
        {authTexts.registerByPhone}
      </Link>
    </p>
  );

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <FormAlert>{formError}</FormAlert>
      <PhoneCodeFields
        purpose="login"
        phone={phone}
        code={code}
        onPhoneChange={setPhone}
        onCodeChange={setCode}
        errors={errors}
        onErrors={setErrors}
        phoneExtra={registerLink}
      />
      <Button type="submit" size="large" block loading={busy} loadingLabel={authTexts.loggingIn}>
        {authTexts.loginButton}
      </Button>
    </form>
  );
}
