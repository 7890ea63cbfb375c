import { Link } from 'react-router-dom';
import { PageMeta } from '../../components/page-meta';
import { AuthCard } from '../../features/auth/components/auth-card';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';
import { authTexts } from '../../features/auth/texts';
import styles from './auth-pages.module.css';

export default function ForgotPasswordPage() {
  return (
    <AuthCard
      title={authTexts.forgotTitle}
      subtitle={authTexts.forgotSubtitle}
      footer={
        <Link to="/login" className={styles.link}>
          {authTexts.loginLink}
        </Link>
      }
    >
      <PageMeta title={authTexts.forgotTitle} description={authTexts.forgotSubtitle} />
      <ForgotPasswordForm />
    </AuthCard>
  );
}
