import { BarChart3, Flag, ListFilter } from 'lucide-react';
import { Link, useSearchParams } from 'react-router-dom';
import type { PostStatus } from '../../../contract/post';
import { buttonClass } from '../../components/button';
import { PageMeta } from '../../components/page-meta';
import { AdminHeader } from '../../features/admin/components/admin-header';
import { ReviewList } from '../../features/admin/components/review-list';
import { StatusTabs } from '../../features/admin/components/status-tabs';
import { adminTexts } from '../../features/admin/texts';
import { useCategories } from '../../features/posts/hooks/use-categories';
import styles from './admin-review.module.css';

const STATUSES: readonly PostStatus[] = ['pending', 'approved', 'rejected'];

/** `/admin/posts/review`: approve or reject notes and fix their category. */
export default function AdminReviewPage() {
  const [params, setParams] = useSearchParams();
  const { categories } = useCategories();
  const requested = params.get('status') as PostStatus | null;
  const status = requested && STATUSES.includes(requested) ? requested : 'pending';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);

  function show(next: { status?: PostStatus; page?: number }) {
    const query = new URLSearchParams();
    const nextStatus = next.status ?? status;
    const nextPage = next.page ?? 1;
    if (nextStatus !== 'pending') query.set('status', nextStatus);
    if (nextPage > 1) query.set('page', String(nextPage));
    setParams(query);
    window.scrollTo({ top: 0 });
  }

  return (
    <>
      <PageMeta title={adminTexts.reviewTitle} path="/admin/posts/review" noindex />
      <AdminHeader
        title={adminTexts.reviewTitle}
        link={
          <span className={styles.links}>
            <Link
              to="/admin/reports"
              className={buttonClass({ variant: 'secondary', size: 'small' })}
            >
              <Flag size={16} aria-hidden />
              {adminTexts.reportsLink}
            </Link>
            <Link
              to="/admin/words"
              className={buttonClass({ variant: 'secondary', size: 'small' })}
            >
              <ListFilter size={16} aria-hidden />
              {adminTexts.wordsLink}
            </Link>
            <Link
              to="/admin/posts/stats"
              className={buttonClass({ variant: 'secondary', size: 'small' })}
            >
              <BarChart3 size={16} aria-hidden />
              {adminTexts.statsLink}
            </Link>
          </span>
        }
      />
      <StatusTabs active={status} onChange={(next) => show({ status: next })} />
      <ReviewList
        key={status}
        status={status}
        page={page}
        onPageChange={(next) => show({ page: next })}
        categories={categories}
      />
    </>
  );
}
