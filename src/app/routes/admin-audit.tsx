import { Users } from 'lucide-react';
import { AdminPage } from '../../components/admin-page';
import { AuditLog } from '../../features/admin/components/audit-log';
import { useListParams } from '../../features/admin/hooks/use-list-params';
import { peopleTexts } from '../../features/admin/people-texts';

/** `/admin/audit`: what admins did, newest first. */
export default function AdminAuditPage() {
  const { page, show } = useListParams();
  return (
    <AdminPage
      title={peopleTexts.auditTitle}
      path="/admin/audit"
      links={[{ to: '/admin/users', icon: Users, label: peopleTexts.usersLink }]}
    >
      <AuditLog page={page} onPageChange={(next) => show({ page: next })} />
    </AdminPage>
  );
}
