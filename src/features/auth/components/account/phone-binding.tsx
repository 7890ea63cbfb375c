import { Smartphone } from 'lucide-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import type { CurrentUser } from '../../../../../contract/auth';
import { errorText } from '../../../../../contract/page-messages';
import { Button } from '../../../../components/button';
import { notify } from '../../../../lib/notify';
import { bindPhone } from '../../api/phone';
import { authTexts } from '../../texts';
import { hasErrors, maskPhone, normalizePhone, validatePhoneCode } from '../../validation';
import formStyles from '../auth-form.module.css';
import { PhoneCodeFields } from '../phone-code-fields';
import type { PhoneCodeErrors } from '../phone-code-fields';
import styles from './account.module.css';
import { FormAlert } from '../../../../components/form-alert';

const texts = authTexts.account;

/** Server answers that point at one of the two fields. */
const CODE_MESSAGES: string[] = [
  errorText.codeWrong,
  errorText.codeExpired,
  errorText.codeFormatInvalid,
];

export interface PhoneBindingProps {
  phone: string | null | undefined;
  onBound: (account: CurrentUser) => void;
}

/** Shows the bound number and binds or changes it with a code sent to the new number. */
export function PhoneBinding({ phone, onBound }: PhoneBindingProps) {
  const [editing, setEditing] = useState(false);
  const [newPhone, setNewPhone] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<PhoneCodeErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function close() {
    setEditing(false);
    setNewPhone('');
    setCode('');
    setErrors({});
    setFormError(null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validatePhoneCode({ phone: newPhone, code });
    setErrors(found);
    setFormError(null);
    if (hasErrors(found)) return;
    setBusy(true);
    try {
      const account = await bindPhone(normalizePhone(newPhone), code.trim());
      notify.success(texts.phoneSaved);
      close();
      onBound(account);
    } catch (error) {
      const message = error instanceof Error ? error.message : errorText.requestFailed;
      if (CODE_MESSAGES.includes(message)) setErrors({ code: message });
      else if (message === errorText.phoneTaken) setErrors({ phone: message });
      else setFormError(message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.block}>
      <div className={styles.row}>
        <Smartphone size={20} aria-hidden="true" className={styles.rowIcon} />
        <div className={styles.rowText}>
          <h3 className={styles.blockTitle}>{texts.phoneTitle}</h3>
          <p className={styles.muted}>
            {phone ? texts.phoneBoundAs(maskPhone(phone)) : texts.noPhone}
          </p>
        </div>
        {!editing && (
          <Button variant="secondary" size="small" onClick={() => setEditing(true)}>
            {phone ? texts.changePhone : texts.bindPhone}
          </Button>
        )}
      </div>
      {editing && (
        <form className={styles.fields} onSubmit={submit} noValidate>
          <FormAlert>{formError}</FormAlert>
          <PhoneCodeFields
            purpose="bind"
            phoneLabel={phone ? texts.newPhoneLabel : authTexts.phoneLabel}
            phone={newPhone}
            code={code}
            onPhoneChange={setNewPhone}
            onCodeChange={setCode}
            errors={errors}
            onErrors={setErrors}
          />
          <div className={formStyles.actions}>
            <Button type="submit" loading={busy} loadingLabel={texts.savingPhone}>
              {phone ? texts.changePhone : texts.bindPhone}
            </Button>
            <Button variant="ghost" onClick={close} disabled={busy}>
              {texts.cancel}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
