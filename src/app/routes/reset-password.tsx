import { useParams } from 'react-router-dom';
import { PageMeta } from '../../components/page-meta';
import { AuthCard } from '../../features/auth/components/auth-card';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';
import { authTexts } from '../../features/auth/texts';

export default function ResetPasswordPage() {
  const { token = '' } = useParams();
  return (
    <AuthCard title={authTexts.resetTitle} subtitle={authTexts.resetSubtitle}>
      <PageMeta title={authTexts.resetTitle} path="/reset-password" noindex />
      <ResetPasswordForm token={token} />
    </AuthCard>
  );
}
