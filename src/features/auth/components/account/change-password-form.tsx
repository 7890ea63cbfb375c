import { useState } from 'react';
import type { FormEvent } from 'react';
import { errorText } from '../../../../../contract/page-messages';
import { Button } from '../../../../components/button';
import { TextField } from '../../../../components/text-field';
import { notify } from '../../../../lib/notify';
import { changePassword } from '../../api/account';
import { authTexts } from '../../texts';
import { hasErrors, validateNewPassword } from '../../validation';
import type { FieldErrors } from '../../validation';
import { NewPasswordFields } from '../new-password-fields';
import styles from './account.module.css';
import { FormAlert } from '../../../../components/form-alert';

type Field = 'old' | 'password' | 'confirm';

const texts = authTexts.account;

export interface ChangePasswordFormProps {
  /** False for accounts made through WeChat or QQ: their first password needs no old one. */
  hasPassword: boolean;
  onChanged: () => void;
}

export function ChangePasswordForm({ hasPassword, onChanged }: ChangePasswordFormProps) {
  const [old, setOld] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: FieldErrors<Field> = validateNewPassword(password, confirm);
    if (hasPassword && !old) found.old = errorText.oldPasswordRequired;
    setErrors(found);
    setFormError(null);
    if (hasErrors(found)) return;
    setBusy(true);
    try {
      await changePassword(password, hasPassword ? old : undefined);
      notify.success(texts.passwordChanged);
      setOld('');
      setPassword('');
      setConfirm('');
      onChanged();
    } catch (error) {
      const message = error instanceof Error ? error.message : errorText.requestFailed;
      if (message === errorText.oldPasswordWrong) setErrors({ old: message });
      else if (message === errorText.passwordInvalid) setErrors({ password: message });
      else setFormError(message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={styles.block} onSubmit={submit} noValidate>
      <h3 className={styles.blockTitle}>
        {hasPassword ? texts.changePassword : texts.setPassword}
      </h3>
      {!hasPassword && <p className={styles.muted}>{texts.noPasswordHint}</p>}
      <FormAlert>{formError}</FormAlert>
      <div className={styles.fields}>
        {hasPassword && (
          <TextField
            label={texts.oldPasswordLabel}
            placeholder={texts.oldPasswordPlaceholder}
            type="password"
            autoComplete="current-password"
            maxLength={128}
            value={old}
            onChange={(event) => setOld(event.target.value)}
            error={errors.old}
          />
        )}
        <NewPasswordFields
          passwordLabel={texts.newPasswordLabel}
          confirmLabel={texts.confirmNewLabel}
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
      </div>
      <div>
        <Button type="submit" loading={busy} loadingLabel={texts.savingPassword}>
          {hasPassword ? texts.changePassword : texts.setPassword}
        </Button>
      </div>
    </form>
  );
}
