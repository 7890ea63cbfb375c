import { ShieldCheck } from 'lucide-react';
import { Link, useSearchParams } from 'react-router-dom';
import { buttonClass } from '../../components/button';
import { PageMeta } from '../../components/page-meta';
import type { ReportStatus } from '../../features/admin/api/admin-reports';
import { AdminHeader } from '../../features/admin/components/admin-header';
import { ReportQueue } from '../../features/admin/components/report-queue';
import tabStyles from '../../features/admin/components/status-tabs.module.css';
import { adminTexts } from '../../features/admin/texts';

const TABS: { value: ReportStatus; label: string }[] = [
  { value: 'open', label: adminTexts.tabOpen },
  { value: 'resolved', label: adminTexts.tabResolved },
];

/** `/admin/reports`: reported notes, comments, users and messages, and what was done. */
export default function AdminReportsPage() {
  const [params, setParams] = useSearchParams();
  const status: ReportStatus = params.get('status') === 'resolved' ? 'resolved' : 'open';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);

  function show(next: { status?: ReportStatus; page?: number }) {
    const query = new URLSearchParams();
    const nextStatus = next.status ?? status;
    const nextPage = next.page ?? 1;
    if (nextStatus !== 'open') query.set('status', nextStatus);
    if (nextPage > 1) query.set('page', String(nextPage));
    setParams(query);
    window.scrollTo({ top: 0 });
  }

  return (
    <>
      <PageMeta title={adminTexts.reportsTitle} path="/admin/reports" noindex />
      <AdminHeader
        title={adminTexts.reportsTitle}
        link={
          <Link
            to="/admin/posts/review"
            className={buttonClass({ variant: 'secondary', size: 'small' })}
          >
            <ShieldCheck size={16} aria-hidden />
            {adminTexts.reviewLink}
          </Link>
        }
      />
      <div className={tabStyles.tabs} role="group" aria-label={adminTexts.reportTabsLabel}>
        {TABS.map((tab) => (
          <button
            key={tab.value}
            type="button"
            aria-pressed={tab.value === status}
            className={
              tab.value === status ? `${tabStyles.tab} ${tabStyles.active}` : tabStyles.tab
            }
            onClick={() => show({ status: tab.value })}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <ReportQueue
        key={status}
        status={status}
        page={page}
        onPageChange={(next) => show({ page: next })}
      />
    </>
  );
}
