import { Flag } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { fillText } from '../../../../contract/page-messages';
import { REPORT_ACTIONS_FOR } from '../../../../contract/report-rules';
import type { ReportGroup } from '../../../../contract/report';
import type { ReportAction } from '../../../../contract/report-rules';
import { Pager } from '../../../components/pager';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { formatTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { resolveReport } from '../api/admin-reports';
import type { ReportStatus } from '../api/admin-reports';
import { useReportList } from '../hooks/use-report-list';
import { adminTexts } from '../texts';
import styles from './report-queue.module.css';
import { AuthorFilter } from './author-filter';
import { RestrictDialog } from './restrict-dialog';

/** Deleting and banning weigh most: drawn in red, hiding and dismissing are not. */
const DANGEROUS = new Set<ReportAction>(['delete', 'ban']);

/** The outcomes the server accepts for this kind; a ban needs an author still on record. */
const actionsFor = (group: ReportGroup) =>
  REPORT_ACTIONS_FOR[group.targetType].filter(
    (action) => action !== 'ban' || group.snapshot.author !== null,
  );

function currentText(group: ReportGroup): string {
  if (!group.current.exists) return adminTexts.currentGone;
  if (group.current.hidden) return adminTexts.currentHidden;
  if (group.current.content !== group.snapshot.content) {
    return `${adminTexts.currentChanged}${group.current.content ?? ''}`;
  }
  return adminTexts.currentShown;
}

function emptyText(status: ReportStatus, authorName: string | null): string {
  if (authorName === null) {
    return status === 'open' ? adminTexts.emptyOpen : adminTexts.emptyResolved;
  }
  const text = status === 'open' ? adminTexts.emptyOpenOf : adminTexts.emptyResolvedOf;
  return fillText(text, { name: authorName });
}

export interface ReportQueueProps {
  status: ReportStatus;
  page: number;
  onPageChange: (page: number) => void;
  /** Limits the queue to this person's content, shown as a chip that `onClearAuthor` lifts. */
  authorId?: string;
  onClearAuthor?: () => void;
}

/** Reported content grouped per target: what was reported, by whom, and the admin's actions. */
export function ReportQueue({
  status,
  page,
  onPageChange,
  authorId,
  onClearAuthor,
}: ReportQueueProps) {
  const { data, error, isLoading, mutate } = useReportList(status, page, authorId);
  const authorName = data?.author?.username ?? null;
  // Shown in every state, so a failed or empty filtered queue can still be widened.
  const filter = authorId && onClearAuthor && (
    <AuthorFilter name={authorName} onClear={onClearAuthor} />
  );
  const [busyId, setBusyId] = useState<string | null>(null);
  /** The group whose author the admin is about to ban (the reason dialog is open). */
  const [banning, setBanning] = useState<ReportGroup | null>(null);

  /** Resolves true when the server accepted the outcome. */
  async function resolve(group: ReportGroup, action: ReportAction, reason?: string) {
    setBusyId(group.id);
    try {
      await resolveReport(group.id, action, reason);
      notify.success(adminTexts.actionDone[action]);
      await mutate(
        (current) =>
          current && { ...current, groups: current.groups.filter((item) => item.id !== group.id) },
        { revalidate: true },
      );
      return true;
    } catch (failure) {
      notify.failure(failure);
      return false;
    } finally {
      setBusyId(null);
    }
  }

  /** A ban needs the reason its author is shown; the other outcomes apply at once. */
  function choose(group: ReportGroup, action: ReportAction) {
    if (action === 'ban') setBanning(group);
    else void resolve(group, action);
  }

  if (isLoading && !data) {
    return (
      <>
        {filter}
        <div className={styles.state} aria-busy="true" />
      </>
    );
  }
  if (error && !data) {
    return (
      <>
        {filter}
        <div className={styles.state} role="alert">
          <p>{error instanceof Error ? error.message : adminTexts.loadFailed}</p>
          <Button variant="secondary" onClick={() => void mutate()}>
            {adminTexts.retry}
          </Button>
        </div>
      </>
    );
  }
  if (!data || data.groups.length === 0) {
    return (
      <>
        {filter}
        <EmptyState
          icon={<Flag size={28} />}
          title={emptyText(status, authorName)}
          action={
            filter && (
              <Button variant="secondary" onClick={onClearAuthor}>
                {adminTexts.showAllReports}
              </Button>
            )
          }
        />
      </>
    );
  }

  return (
    <>
      {filter}
      <ul className={styles.list}>
        {data.groups.map((group) => (
          <li key={group.id} className={styles.item} aria-busy={busyId === group.id}>
            <div className={styles.head}>
              <span>{adminTexts.reportTarget[group.targetType]}</span>
              {group.snapshot.author && group.targetType !== 'user' && (
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
                {actionsFor(group).map((action) => (
                  <Button
                    key={action}
                    size="small"
                    variant={DANGEROUS.has(action) ? 'danger' : 'secondary'}
                    disabled={busyId !== null}
                    aria-haspopup={action === 'ban' ? 'dialog' : undefined}
                    onClick={() => choose(group, action)}
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
      <Pager page={page} pages={data.pages} onPageChange={onPageChange} />
      {banning?.snapshot.author && (
        <RestrictDialog
          action="ban"
          name={banning.snapshot.author.username}
          onClose={() => setBanning(null)}
          onConfirm={({ reason }) => resolve(banning, 'ban', reason)}
        />
      )}
    </>
  );
}
