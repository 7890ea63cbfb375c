import { useSearchParams } from 'react-router-dom';
import { authTexts } from '../texts';
import styles from './auth-form.module.css';
import { PhoneRegisterForm } from './phone-register-form';
import { RegisterForm } from './register-form';
import { SegmentedChoice } from './segmented-choice';

const MODES = ['email', 'phone'] as const;
type Mode = (typeof MODES)[number];

/**
 * /register: by e-mail or by phone (?mode=phone, with ?phone= prefilled when the phone tab of
 * the login modal found the number unregistered).
 */
export function RegisterPanel() {
  const [params, setParams] = useSearchParams();
  const mode: Mode = params.get('mode') === 'phone' ? 'phone' : 'email';

  const choose = (next: Mode) =>
    setParams(next === 'phone' ? { mode: 'phone' } : {}, { replace: true });

  return (
    <div className={styles.stack}>
      <SegmentedChoice
        label={authTexts.registerModesLabel}
        options={MODES}
        value={mode}
        labels={authTexts.registerModes}
        onChange={choose}
      />
      {mode === 'phone' ? (
        <PhoneRegisterForm initialPhone={params.get('phone') ?? ''} />
      ) : (
        <RegisterForm />
      )}
    </div>
  );
}
