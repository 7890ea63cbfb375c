import { BarChart3, Flag, ListFilter } from 'lucide-react';
import type { PostStatus } from '../../../contract/post';
import { AdminPage } from '../../components/admin-page';
import { ReviewList } from '../../features/admin/components/review-list';
import { StatusTabs } from '../../features/admin/components/status-tabs';
import type { StatusTab } from '../../features/admin/components/status-tabs';
import { useListParams } from '../../features/admin/hooks/use-list-params';
import { adminTexts } from '../../features/admin/texts';
import { useCategories } from '../../features/posts/hooks/use-categories';

const TABS: StatusTab<PostStatus>[] = [
  { value: 'pending', label: adminTexts.tabPending },
  { value: 'approved', label: adminTexts.tabApproved },
  { value: 'rejected', label: adminTexts.tabRejected },
];

/** `/admin/posts/review`: approve or reject notes and fix their category. */
export default function AdminReviewPage() {
  const { categories } = useCategories();
  const {
    value: status,
    page,
    show,
  } = useListParams<PostStatus>({
    name: 'status',
    parse: (raw) => TABS.find((tab) => tab.value === raw)?.value ?? 'pending',
    initial: 'pending',
  });
  return (
    <AdminPage
      title={adminTexts.reviewTitle}
      path="/admin/posts/review"
      links={[
        { to: '/admin/reports', icon: Flag, label: adminTexts.reportsLink },
        { to: '/admin/words', icon: ListFilter, label: adminTexts.wordsLink },
        { to: '/admin/posts/stats', icon: BarChart3, label: adminTexts.statsLink },
      ]}
    >
      <StatusTabs
        tabs={TABS}
        label={adminTexts.statusTabsLabel}
        active={status}
        onChange={(next) => show({ value: next })}
      />
      <ReviewList
        key={status}
        status={status}
        page={page}
        onPageChange={(next) => show({ page: next })}
        categories={categories}
      />
    </AdminPage>
  );
}
