import { Flag } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { fillText } from '../../../../contract/page-messages';
import type { ReportAction, ReportGroup } from '../../../../contract/report';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { formatTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { resolveReport } from '../api/admin-reports';
import type { ReportStatus } from '../api/admin-reports';
import { useReportList } from '../hooks/use-report-list';
import { adminTexts } from '../texts';
import styles from './report-queue.module.css';
import { Pager } from './pager';

/** The outcomes offered per kind of content, as the server accepts them. */
const ACTIONS: Record<ReportGroup['targetType'], ReportAction[]> = {
  post: ['hide', 'delete', 'dismiss'],
  comment: ['hide', 'delete', 'dismiss'],
  message: ['hide', 'dismiss'],
  user: ['dismiss'],
};

function currentText(group: ReportGroup): string {
  if (!group.current.exists) return adminTexts.currentGone;
  if (group.current.hidden) return adminTexts.currentHidden;
  if (group.current.content !== group.snapshot.content) {
    return `${adminTexts.currentChanged}${group.current.content ?? ''}`;
  }
  return adminTexts.currentShown;
}

export interface ReportQueueProps {
  status: ReportStatus;
  page: number;
  onPageChange: (page: number) => void;
}

/** Reported content grouped per target: what was reported, by whom, and the admin's actions. */
export function ReportQueue({ status, page, onPageChange }: ReportQueueProps) {
  const { data, error, isLoading, mutate } = useReportList(status, page);
  const [busyId, setBusyId] = useState<string | null>(null);

  async function resolve(group: ReportGroup, action: ReportAction) {
    setBusyId(group.id);
    try {
      await resolveReport(group.id, action);
      notify.success(adminTexts.actionDone[action]);
      await mutate(
        (current) =>
          current && { ...current, groups: current.groups.filter((item) => item.id !== group.id) },
        { revalidate: true },
      );
    } catch (failure) {
      notify.failure(failure);
    } finally {
      setBusyId(null);
    }
  }

  if (isLoading && !data) {
    return <div className={styles.state} aria-busy="true" />;
  }
  if (error && !data) {
    return (
      <div className={styles.state} role="alert">
        <p>{error instanceof Error ? error.message : adminTexts.loadFailed}</p>
        <Button variant="secondary" onClick={() => void mutate()}>
          {adminTexts.retry}
        </Button>
      </div>
    );
  }
  if (!data || data.groups.length === 0) {
    return (
      <EmptyState
        icon={<Flag size={28} />}
        title={status === 'open' ? adminTexts.emptyOpen : adminTexts.emptyResolved}
      />
    );
  }

  return (
    <>
      <ul className={styles.list}>
        {data.groups.map((group) => (
          <li key={group.id} className={styles.item} aria-busy={busyId === group.id}>
            <div className={styles.head}>
              <span>{adminTexts.reportTarget[group.targetType]}</span>
              {group.snapshot.author && (
                <span>
                  {fillText(adminTexts.snapshotAuthor, { name: group.snapshot.author.username })}
                </span>
              )}
              <span className={styles.count}>
                {fillText(adminTexts.reportCount, { count: group.count })}
              </span>
              {group.snapshot.postId && (
                <Link to={`/post/${group.snapshot.postId}`}>{adminTexts.openPost}</Link>
              )}
            </div>
            <p className={styles.heading}>{adminTexts.snapshotHeading}</p>
            <blockquote className={styles.snapshot}>
              {group.snapshot.title && <strong>{group.snapshot.title}</strong>}
              {group.snapshot.title && '\n'}
              {group.snapshot.content}
            </blockquote>
            <p className={styles.heading}>
              {adminTexts.currentHeading}：{currentText(group)}
            </p>
            <p className={styles.heading}>{adminTexts.reporters}</p>
            <ul className={styles.reporters}>
              {group.reports.map((entry) => (
                <li key={entry.id}>
                  {entry.reporter.username} · {entry.reason}
                  {entry.detail ? `：${entry.detail}` : ''} ·{' '}
                  <time dateTime={entry.createdAt}>{formatTime(entry.createdAt)}</time>
                </li>
              ))}
            </ul>
            {group.status === 'open' ? (
              <div className={styles.buttons}>
                {ACTIONS[group.targetType].map((action) => (
                  <Button
                    key={action}
                    size="small"
                    variant={action === 'dismiss' ? 'secondary' : 'danger'}
                    disabled={busyId !== null}
                    onClick={() => void resolve(group, action)}
                  >
                    {adminTexts.actionNames[action]}
                  </Button>
                ))}
              </div>
            ) : (
              <p className={styles.heading}>
                {fillText(adminTexts.outcome, {
                  action: adminTexts.actionNames[group.action ?? 'dismiss'],
                })}
              </p>
            )}
          </li>
        ))}
      </ul>
      {<Pager page={page} pages={data.pages} onPageChange={onPageChange} />}
    </>
  );
}
