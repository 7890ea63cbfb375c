import { Users } from 'lucide-react';
import { Link, useSearchParams } from 'react-router-dom';
import { buttonClass } from '../../components/button';
import { PageMeta } from '../../components/page-meta';
import { AdminHeader } from '../../features/admin/components/admin-header';
import { AuditLog } from '../../features/admin/components/audit-log';
import { peopleTexts } from '../../features/admin/people-texts';

/** `/admin/audit`: what admins did, newest first. */
export default function AdminAuditPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);

  return (
    <>
      <PageMeta title={peopleTexts.auditTitle} path="/admin/audit" noindex />
      <AdminHeader
        title={peopleTexts.auditTitle}
        link={
          <Link to="/admin/users" className={buttonClass({ variant: 'secondary', size: 'small' })}>
            <Users size={16} aria-hidden />
            {peopleTexts.usersLink}
          </Link>
        }
      />
      <AuditLog
        page={page}
        onPageChange={(next) => {
          setParams(next > 1 ? new URLSearchParams({ page: String(next) }) : new URLSearchParams());
          window.scrollTo({ top: 0 });
        }}
      />
    </>
  );
}
