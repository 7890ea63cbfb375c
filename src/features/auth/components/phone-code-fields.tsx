import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { errorText } from '../../../../contract/page-messages';
import { CODE_LENGTH, CODE_RESEND_MS } from '../../../../contract/phone';
import type { CodePurpose } from '../../../../contract/phone';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import { sendVerificationCode } from '../api/phone';
import { useCountdown } from '../hooks/use-countdown';
import { authTexts } from '../texts';
import { normalizePhone, validatePhone } from '../validation';
import type { FieldErrors } from '../validation';
import styles from './auth-form.module.css';

export type PhoneCodeErrors = FieldErrors<'phone' | 'code'>;

export interface PhoneCodeFieldsProps {
  purpose: CodePurpose;
  phone: string;
  code: string;
  onPhoneChange: (phone: string) => void;
  onCodeChange: (code: string) => void;
  errors: PhoneCodeErrors;
  onErrors: (errors: PhoneCodeErrors) => void;
  phoneLabel?: string;
  /** Under the phone field, e.g. a link to register a number that is not registered. */
  phoneExtra?: ReactNode;
}

/**
 * A phone number and its SMS code, with the 获取验证码 button and its 60 s countdown. In
 * development the server logs the code instead of sending it, and the field says so.
 */
export function PhoneCodeFields({
  purpose,
  phone,
  code,
  onPhoneChange,
  onCodeChange,
  errors,
  onErrors,
  phoneLabel = authTexts.phoneLabel,
  phoneExtra,
}: PhoneCodeFieldsProps) {
  const countdown = useCountdown();
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState<{ text: string; dev: boolean } | null>(null);
  const codeId = useId();

  async function send() {
    const phoneError = validatePhone(phone);
    if (phoneError) {
      onErrors({ ...errors, phone: phoneError });
      return;
    }
    onErrors({ ...errors, phone: undefined });
    setSending(true);
    setNotice(null);
    try {
      const answer = await sendVerificationCode(normalizePhone(phone), purpose);
      countdown.start(CODE_RESEND_MS / 1000);
      setNotice(
        answer.delivery === 'log'
          ? { text: authTexts.devCodeHint, dev: true }
          : { text: authTexts.codeSent, dev: false },
      );
      document.getElementById(codeId)?.focus();
    } catch (error) {
      onErrors({
        ...errors,
        phone: error instanceof Error ? error.message : errorText.sendCodeFailed,
      });
    } finally {
      setSending(false);
    }
  }

  return (
    <>
      <div>
        <TextField
          label={phoneLabel}
          placeholder={authTexts.phonePlaceholder}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          maxLength={20}
          value={phone}
          onChange={(event) => onPhoneChange(event.target.value)}
          error={errors.phone}
        />
        {phoneExtra}
      </div>
      <div className={styles.codeRow}>
        <TextField
          id={codeId}
          label={authTexts.codeLabel}
          placeholder={authTexts.codePlaceholder}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={CODE_LENGTH}
          value={code}
          onChange={(event) => onCodeChange(event.target.value.replace(/\D/g, ''))}
          error={errors.code}
        />
        <Button
          variant="secondary"
          className={styles.codeButton}
          onClick={() => void send()}
          loading={sending}
          loadingLabel={authTexts.sendingCode}
          disabled={countdown.running}
        >
          {countdown.running ? authTexts.resendIn(countdown.remaining) : authTexts.sendCode}
        </Button>
      </div>
      {notice && (
        <p className={notice.dev ? styles.devNotice : styles.notice} role="status">
          {notice.text}
        </p>
      )}
    </>
  );
}
