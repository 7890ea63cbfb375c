import { ScrollText } from 'lucide-react';
import { Link, useSearchParams } from 'react-router-dom';
import { buttonClass } from '../../components/button';
import { PageMeta } from '../../components/page-meta';
import { AdminHeader } from '../../features/admin/components/admin-header';
import { UserManager } from '../../features/admin/components/user-manager';
import { peopleTexts } from '../../features/admin/people-texts';

/** `/admin/users`: search people, see their status, mute, ban or lift. */
export default function AdminUsersPage() {
  const [params, setParams] = useSearchParams();
  const query = params.get('query') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);

  function show(next: { query?: string; page?: number }) {
    const search = new URLSearchParams();
    const nextQuery = next.query ?? query;
    if (nextQuery) search.set('query', nextQuery);
    if ((next.page ?? 1) > 1) search.set('page', String(next.page));
    setParams(search);
    window.scrollTo({ top: 0 });
  }

  return (
    <>
      <PageMeta title={peopleTexts.usersTitle} path="/admin/users" noindex />
      <AdminHeader
        title={peopleTexts.usersTitle}
        link={
          <Link to="/admin/audit" className={buttonClass({ variant: 'secondary', size: 'small' })}>
            <ScrollText size={16} aria-hidden />
            {peopleTexts.auditLink}
          </Link>
        }
      />
      <UserManager
        key={query}
        query={query}
        page={page}
        onSearch={(text) => show({ query: text, page: 1 })}
        onPageChange={(next) => show({ page: next })}
      />
    </>
  );
}
