import { useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Modal } from '../../../components/modal';
import { returnPathOf } from '../../../lib/return-path';
import { useModalStore } from '../../../stores/modal-store';
import { authTexts } from '../texts';
import styles from './login-modal.module.css';
import { PasswordLoginForm } from './password-login-form';
import { PhoneLoginForm } from './phone-login-form';
import { SocialLoginPanel } from './social-login-panel';

const METHODS = ['password', 'phone', 'wechat', 'qq'] as const;
type Method = (typeof METHODS)[number];

/**
 * The login modal, opened by the 'open-login-modal' event (through the modal store). Drawn in
 * place: the server renders it open for a visitor sent to sign in on a note.
 */
export default function LoginModal() {
  const login = useModalStore((state) => state.login);
  const close = useModalStore((state) => state.closeLogin);
  const navigate = useNavigate();
  const [method, setMethod] = useState<Method>('password');
  const tabRefs = useRef<Partial<Record<Method, HTMLButtonElement | null>>>({});

  function signedIn() {
    const target = returnPathOf(login?.from);
    close();
    if (target) navigate(target);
  }

  function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
    const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    if (!step) return;
    event.preventDefault();
    const next = METHODS[(METHODS.indexOf(method) + step + METHODS.length) % METHODS.length];
    setMethod(next);
    tabRefs.current[next]?.focus();
  }

  return (
    <Modal open={login !== null} onClose={close} title={authTexts.loginTitle} width={400} inPlace>
      <p className={styles.subtitle}>{authTexts.loginSubtitle}</p>
      <div className={styles.tabs} role="tablist" onKeyDown={moveFocus}>
        {METHODS.map((name) => (
          <button
            key={name}
            ref={(node) => {
              tabRefs.current[name] = node;
            }}
            type="button"
            role="tab"
            id={`login-tab-${name}`}
            aria-selected={method === name}
            aria-controls={`login-panel-${name}`}
            tabIndex={method === name ? 0 : -1}
            className={styles.tab}
            onClick={() => setMethod(name)}
          >
            {authTexts.tabs[name]}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`login-panel-${method}`}
        aria-labelledby={`login-tab-${method}`}
        className={styles.panel}
      >
        {method === 'password' && <PasswordLoginForm onSuccess={signedIn} />}
        {method === 'phone' && <PhoneLoginForm onSuccess={signedIn} onLeave={close} />}
        {(method === 'wechat' || method === 'qq') && (
          <SocialLoginPanel provider={method} from={returnPathOf(login?.from)} />
        )}
      </div>
      <div className={styles.links}>
        <Link to="/forgot-password" onClick={close}>
          {authTexts.forgotLink}
        </Link>
        <span>
          {authTexts.noAccount}
          <Link to="/register" onClick={close} className={styles.accent}>
            {authTexts.registerLink}
          </Link>
        </span>
      </div>
    </Modal>
  );
}
