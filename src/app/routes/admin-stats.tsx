import { ClipboardCheck } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button, buttonClass } from '../../components/button';
import { PageMeta } from '../../components/page-meta';
import { AdminHeader } from '../../features/admin/components/admin-header';
import { StatsView, StatsViewSkeleton } from '../../features/admin/components/stats-view';
import { usePostStats } from '../../features/admin/hooks/use-post-stats';
import { adminTexts } from '../../features/admin/texts';

/** `/admin/posts/stats`: how many notes, in which state and category, from whom. */
export default function AdminStatsPage() {
  const { data, error, mutate } = usePostStats();
  return (
    <>
      <PageMeta title={adminTexts.statsTitle} path="/admin/posts/stats" noindex />
      <AdminHeader
        title={adminTexts.statsTitle}
        link={
          <Link
            to="/admin/posts/review"
            className={buttonClass({ variant: 'secondary', size: 'small' })}
          >
            <ClipboardCheck size={16} aria-hidden />
            {adminTexts.reviewLink}
          </Link>
        }
      />
      {data ? (
        <StatsView stats={data} />
      ) : error ? (
        <div role="alert">
          <p>{error instanceof Error ? error.message : adminTexts.loadFailed}</p>
          <Button variant="secondary" onClick={() => void mutate()}>
            {adminTexts.retry}
          </Button>
        </div>
      ) : (
        <StatsViewSkeleton />
      )}
    </>
  );
}
