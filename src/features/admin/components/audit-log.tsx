import { ScrollText } from 'lucide-react';
import useSWR from 'swr';
import { fillText } from '../../../../contract/page-messages';
import { Pager } from '../../../components/pager';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { formatTime } from '../../../lib/format';
import { getAuditList } from '../api/admin-people';
import { peopleTexts } from '../people-texts';
import styles from './report-queue.module.css';

/** `/admin/audit`: every admin action, newest first. */
export function AuditLog({
  page,
  onPageChange,
}: {
  page: number;
  onPageChange: (page: number) => void;
}) {
  const { data, error, isLoading, mutate } = useSWR(
    ['admin-audit', page],
    ([, listPage]) => getAuditList(listPage),
    { revalidateOnFocus: false, keepPreviousData: true },
  );

  if (isLoading && !data) return <div className={styles.state} aria-busy="true" />;
  if (error && !data) {
    return (
      <div className={styles.state} role="alert">
        <p>{error instanceof Error ? error.message : peopleTexts.loadFailed}</p>
        <Button variant="secondary" onClick={() => void mutate()}>
          {peopleTexts.retry}
        </Button>
      </div>
    );
  }
  if (!data || data.entries.length === 0) {
    return <EmptyState icon={<ScrollText size={28} />} title={peopleTexts.emptyAudit} />;
  }
  return (
    <>
      <ul className={styles.list}>
        {data.entries.map((entry) => (
          <li key={entry.id} className={styles.item}>
            <div className={styles.head}>
              <span>
                {fillText(entry.targetName ? peopleTexts.auditLineNamed : peopleTexts.auditLine, {
                  admin: entry.admin.username ?? entry.admin.id,
                  action: peopleTexts.actionNames[entry.action] ?? entry.action,
                  target: peopleTexts.targetNames[entry.targetType] ?? entry.targetType,
                  id: entry.targetId,
                  name: entry.targetName ?? '',
                })}
              </span>
              <time className={styles.heading} dateTime={entry.createdAt}>
                {formatTime(entry.createdAt)}
              </time>
            </div>
            {entry.reason && (
              <p className={styles.heading}>
                {fillText(peopleTexts.reasonShown, { reason: entry.reason })}
                {entry.detail ? ` · ${entry.detail}` : ''}
              </p>
            )}
          </li>
        ))}
      </ul>
      <Pager page={page} pages={data.pages} onPageChange={onPageChange} />
    </>
  );
}
