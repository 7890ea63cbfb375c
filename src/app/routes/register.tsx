import { Link } from 'react-router-dom';
import { PageMeta } from '../../components/page-meta';
import { AuthCard } from '../../features/auth/components/auth-card';
import { RegisterPanel } from '../../features/auth/components/register-panel';
import { authTexts } from '../../features/auth/texts';
import styles from './auth-pages.module.css';

export default function RegisterPage() {
  return (
    <AuthCard
      title={authTexts.registerTitle}
      subtitle={authTexts.registerSubtitle}
      footer={
        <>
          {authTexts.haveAccount}
          <Link to="/login" className={styles.link}>
            {authTexts.loginLink}
          </Link>
        </>
      }
    >
      <PageMeta title={authTexts.registerTitle} description={authTexts.registerSubtitle} />
      <RegisterPanel />
    </AuthCard>
  );
}
