import { PageMeta } from '../../components/page-meta';
import { Spinner } from '../../components/spinner';
import { AuthCard } from '../../features/auth/components/auth-card';
import { authTexts } from '../../features/auth/texts';
import styles from './auth-pages.module.css';

/** Where WeChat sends the browser back after a QR login; the exchange itself comes later. */
export default function WechatCallbackPage() {
  return (
    <AuthCard title={authTexts.wechatTitle}>
      <PageMeta title={authTexts.wechatTitle} noindex />
      <div className={styles.pending}>
        <Spinner label={authTexts.wechatCompleting} size="large" />
        <p>{authTexts.wechatCompleting}</p>
      </div>
    </AuthCard>
  );
}
