import { Link } from 'react-router-dom';
import { emitAppEvent } from '../../lib/auth-events';
import { siteTexts } from '../../lib/texts';
import { shellTexts } from '../texts';
import styles from './footer.module.css';

const texts = shellTexts.footer;

export function Footer() {
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.brand}>
          <p className={styles.name}>
            <img src="/favicon.svg" alt="" width={22} height={22} />
            {siteTexts.name}
          </p>
          <p className={styles.tagline}>{texts.tagline}</p>
        </div>
        <nav className={styles.links} aria-label={texts.help}>
          <Link to="/about">{texts.about}</Link>
          <Link to="/help">{texts.help}</Link>
          <Link to="/terms">{texts.terms}</Link>
          <Link to="/privacy">{texts.privacy}</Link>
          <button type="button" onClick={() => emitAppEvent('open-feedback-modal')}>
            {texts.feedback}
          </button>
        </nav>
        <p className={styles.legal}>
          <span>{texts.copyright(new Date().getFullYear())}</span>
          <span>{texts.company}</span>
          <a href="https://beian.miit.gov.cn/" target="_blank" rel="noopener noreferrer">
            {texts.filing}
          </a>
        </p>
      </div>
    </footer>
  );
}
