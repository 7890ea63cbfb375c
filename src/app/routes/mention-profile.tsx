import { Compass } from 'lucide-react';
import { Link, Navigate, useParams } from 'react-router-dom';
import useSWR from 'swr';
import { buttonClass } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { PageMeta } from '../../components/page-meta';
import { PageSpinner } from '../../components/spinner';
import type { UserSearchResult } from '../../../contract/post';
import { api } from '../../lib/api/client';

// Kept with this page (its own bundle) rather than in the shell's texts, which every page loads.
const texts = {
  loading: '正在打开用户主页',
  missing: '这个用户不存在',
  failed: '用户主页打开失败，请稍后重试',
  home: '返回首页',
};

/** `/u/{name}`, where a mention (`@用户名`) links: the profile of the user with that name. */
export default function MentionProfilePage() {
  const name = useParams().name ?? '';
  // The public user search finds a name through the username index; the exact one is kept.
  const { data, error } = useSWR(['user-by-name', name], () =>
    api.get<UserSearchResult>('/api/auth/users/search', { query: { query: name, limit: 5 } }),
  );
  const user = data?.users.find((candidate) => candidate.username === name);
  if (user) return <Navigate to={`/profile/${user.id}`} replace />;
  if (!data && !error) return <PageSpinner label={texts.loading} />;
  return (
    <>
      <PageMeta title={texts.missing} noindex />
      <EmptyState
        icon={<Compass size={28} />}
        title={error ? texts.failed : texts.missing}
        action={
          <Link to="/" className={buttonClass()}>
            {texts.home}
          </Link>
        }
      />
    </>
  );
}
