import { ClipboardCheck } from 'lucide-react';
import { AdminPage } from '../../components/admin-page';
import { Button } from '../../components/button';
import { StatsView, StatsViewSkeleton } from '../../features/admin/components/stats-view';
import { usePostStats } from '../../features/admin/hooks/use-post-stats';
import { adminTexts } from '../../features/admin/texts';

/** `/admin/posts/stats`: how many notes, in which state and category, from whom. */
export default function AdminStatsPage() {
  const { data, error, mutate } = usePostStats();
  return (
    <AdminPage
      title={adminTexts.statsTitle}
      path="/admin/posts/stats"
      links={[{ to: '/admin/posts/review', icon: ClipboardCheck, label: adminTexts.reviewLink }]}
    >
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
    </AdminPage>
  );
}
