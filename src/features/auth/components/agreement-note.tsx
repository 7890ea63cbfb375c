import { Link } from 'react-router-dom';
import { authTexts } from '../texts';
import styles from './auth-form.module.css';

/** 注册即表示你同意《用户协议》和《隐私政策》. */
export function AgreementNote() {
  return (
    <p className={styles.fine}>
      {authTexts.agreement}
      <Link to="/terms" className={styles.link}>
        {authTexts.terms}
      </Link>
      {authTexts.and}
      <Link to="/privacy" className={styles.link}>
        {authTexts.privacy}
      </Link>
    </p>
  );
}
