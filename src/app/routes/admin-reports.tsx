import { ShieldCheck } from 'lucide-react';
import { useRef } from 'react';
import { AdminPage } from '../../components/admin-page';
import type { ReportStatus } from '../../features/admin/api/admin-reports';
import { ReportQueue } from '../../features/admin/components/report-queue';
import { StatusTabs } from '../../features/admin/components/status-tabs';
import type { StatusTab } from '../../features/admin/components/status-tabs';
import { useListParams } from '../../features/admin/hooks/use-list-params';
import { adminTexts } from '../../features/admin/texts';

const TABS: StatusTab<ReportStatus>[] = [
  { value: 'open', label: adminTexts.tabOpen },
  { value: 'resolved', label: adminTexts.tabResolved },
];

/**
 * `/admin/reports`: reported notes, comments, users and messages, and what was done.
 * `?authorId=` (from /admin/users) limits it to one person's content across both tabs.
 */
export default function AdminReportsPage() {
  const {
    value: status,
    page,
    kept,
    show,
  } = useListParams<ReportStatus>(
    {
      name: 'status',
      parse: (raw) => (raw === 'resolved' ? 'resolved' : 'open'),
      initial: 'open',
    },
    ['authorId'],
  );
  const { authorId } = kept;
  const tabs = useRef<HTMLDivElement>(null);

  function clearAuthor() {
    show({ drop: ['authorId'] });
    // The chip and its button go: keyboard focus moves to the tab the queue is on.
    tabs.current?.querySelector<HTMLButtonElement>('[aria-pressed="true"]')?.focus();
  }

  return (
    <AdminPage
      title={adminTexts.reportsTitle}
      path="/admin/reports"
      links={[{ to: '/admin/posts/review', icon: ShieldCheck, label: adminTexts.reviewLink }]}
    >
      <div ref={tabs}>
        <StatusTabs
          tabs={TABS}
          label={adminTexts.reportTabsLabel}
          active={status}
          onChange={(next) => show({ value: next })}
        />
      </div>
      <ReportQueue
        key={`${status} ${authorId ?? ''}`}
        status={status}
        page={page}
        onPageChange={(next) => show({ page: next })}
        authorId={authorId}
        onClearAuthor={clearAuthor}
      />
    </AdminPage>
  );
}
