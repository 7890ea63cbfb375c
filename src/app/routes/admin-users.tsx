import { ScrollText } from 'lucide-react';
import { AdminPage } from '../../components/admin-page';
import { UserManager } from '../../features/admin/components/user-manager';
import { useListParams } from '../../features/admin/hooks/use-list-params';
import { peopleTexts } from '../../features/admin/people-texts';

/** `/admin/users`: search people, see their status, mute, ban or lift. */
export default function AdminUsersPage() {
  const {
    value: query,
    page,
    show,
  } = useListParams({
    name: 'query',
    parse: (raw) => raw ?? '',
    initial: '',
  });
  return (
    <AdminPage
      title={peopleTexts.usersTitle}
      path="/admin/users"
      links={[{ to: '/admin/audit', icon: ScrollText, label: peopleTexts.auditLink }]}
    >
      <UserManager
        key={query}
        query={query}
        page={page}
        onSearch={(text) => show({ value: text })}
        onPageChange={(next) => show({ page: next })}
      />
    </AdminPage>
  );
}
