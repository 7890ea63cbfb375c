import { useLocation } from 'react-router-dom';
import { PageMeta } from '../../components/page-meta';
import { AuthCard } from '../../features/auth/components/auth-card';
import { SocialCallback } from '../../features/auth/components/social-callback';
import { isSocialType } from '../../features/auth/social/oauth-pending';
import { authTexts } from '../../features/auth/texts';

/**
 * Where WeChat (/auth/wechat/callback) and QQ Connect (/auth/qq/callback) send the browser
 * back; the provider is the path's second part.
 */
export default function WechatCallbackPage() {
  const { pathname, search } = useLocation();
  const named = pathname.split('/')[2];
  const provider = isSocialType(named) ? named : 'wechat';
  const { title, subtitle } = authTexts.social[provider];
  return (
    <AuthCard title={title} subtitle={subtitle}>
      <PageMeta title={title} noindex />
      <SocialCallback provider={provider} search={search} />
    </AuthCard>
  );
}
