import { Users } from 'lucide-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import useSWR from 'swr';
import { fillText } from '../../../../contract/page-messages';
import type { ManagedUser } from '../../../../contract/people';
import { Pager } from '../../../components/pager';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { formatTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { getUserList, restrictUser } from '../api/admin-people';
import type { PeopleAction } from '../api/admin-people';
import { peopleTexts } from '../people-texts';
import { RestrictDialog } from './restrict-dialog';
import styles from './report-queue.module.css';

export interface UserManagerProps {
  query: string;
  page: number;
  onSearch: (query: string) => void;
  onPageChange: (page: number) => void;
}

function statusText(user: ManagedUser): string {
  const { status } = user;
  if (status.state === 'banned') return peopleTexts.banned;
  if (status.state === 'muted') {
    return fillText(peopleTexts.muted, { until: formatTime(status.mutedUntil ?? '') });
  }
  return peopleTexts.active;
}

function actionsFor(user: ManagedUser): PeopleAction[] {
  if (user.isAdmin) return [];
  if (user.status.state === 'banned') return ['lift'];
  if (user.status.state === 'muted') return ['ban', 'lift'];
  return ['mute', 'ban'];
}

/** The count of reports against a person, linking to the report queue limited to them. */
function ReportsAgainst({ user }: { user: ManagedUser }) {
  const text = fillText(peopleTexts.reports, { count: user.reportsAgainst });
  if (user.reportsAgainst === 0) return <>{text}</>;
  return (
    <Link
      to={`/admin/reports?authorId=${encodeURIComponent(user.id)}`}
      // Starts with the visible text, so voice control finds the link by what it shows.
      aria-label={fillText(peopleTexts.reportsLink, {
        count: user.reportsAgainst,
        name: user.username,
      })}
    >
      {text}
    </Link>
  );
}

/** `/admin/users`: find people, see their counts and status, mute, ban or lift with a reason. */
export function UserManager({ query, page, onSearch, onPageChange }: UserManagerProps) {
  const { data, error, isLoading, mutate } = useSWR(
    ['admin-users', query, page],
    ([, text, listPage]) => getUserList(text, listPage),
    { revalidateOnFocus: false, keepPreviousData: true },
  );
  const [text, setText] = useState(query);
  const [pending, setPending] = useState<{ user: ManagedUser; action: PeopleAction } | null>(null);

  function submitSearch(event: FormEvent) {
    event.preventDefault();
    onSearch(text.trim());
  }

  async function confirm(body: { reason: string; days?: number }): Promise<boolean> {
    if (!pending) return false;
    const { user, action } = pending;
    try {
      const status = await restrictUser(
        user.id,
        action,
        action === 'mute' ? { reason: body.reason, days: body.days ?? 1 } : { reason: body.reason },
      );
      notify.success(
        fillText(peopleTexts.done, { action: peopleTexts[action], name: user.username }),
      );
      await mutate(
        (current) =>
          current && {
            ...current,
            users: current.users.map((item) => (item.id === user.id ? { ...item, status } : item)),
          },
        { revalidate: false },
      );
      return true;
    } catch (failure) {
      notify.failure(failure);
      return false;
    }
  }

  return (
    <>
      <form className={styles.search} role="search" onSubmit={submitSearch}>
        <input
          className={styles.searchInput}
          type="search"
          aria-label={peopleTexts.searchLabel}
          placeholder={peopleTexts.searchPlaceholder}
          value={text}
          maxLength={100}
          onChange={(event) => setText(event.target.value)}
        />
        <Button type="submit" size="small">
          {peopleTexts.search}
        </Button>
      </form>
      {isLoading && !data ? (
        <div className={styles.state} aria-busy="true" />
      ) : error && !data ? (
        <div className={styles.state} role="alert">
          <p>{error instanceof Error ? error.message : peopleTexts.loadFailed}</p>
          <Button variant="secondary" onClick={() => void mutate()}>
            {peopleTexts.retry}
          </Button>
        </div>
      ) : !data || data.users.length === 0 ? (
        <EmptyState icon={<Users size={28} />} title={peopleTexts.empty} />
      ) : (
        <>
          <ul className={styles.list}>
            {data.users.map((user) => (
              <li key={user.id} className={styles.item}>
                <div className={styles.head}>
                  <Link
                    to={`/profile/${user.id}`}
                    aria-label={fillText(peopleTexts.profileLink, { name: user.username })}
                  >
                    {user.username}
                  </Link>
                  {user.isAdmin && <span>{peopleTexts.admin}</span>}
                  <span className={user.status.state === 'active' ? undefined : styles.count}>
                    {statusText(user)}
                  </span>
                </div>
                <p className={styles.heading}>
                  {user.email ?? ''} · {fillText(peopleTexts.notes, { count: user.notesCount })} ·{' '}
                  <ReportsAgainst user={user} /> ·{' '}
                  <time dateTime={user.createdAt}>{formatTime(user.createdAt)}</time>
                </p>
                {(user.status.banReason ?? user.status.muteReason) && (
                  <p className={styles.heading}>
                    {fillText(peopleTexts.reasonShown, {
                      reason: user.status.banReason ?? user.status.muteReason ?? '',
                    })}
                  </p>
                )}
                {actionsFor(user).length > 0 && (
                  <div className={styles.buttons}>
                    {actionsFor(user).map((action) => (
                      <Button
                        key={action}
                        size="small"
                        variant={action === 'lift' ? 'secondary' : 'danger'}
                        onClick={() => setPending({ user, action })}
                      >
                        {peopleTexts[action]}
                      </Button>
                    ))}
                  </div>
                )}
              </li>
            ))}
          </ul>
          <Pager page={page} pages={data.pages} onPageChange={onPageChange} />
        </>
      )}
      {pending && (
        <RestrictDialog
          action={pending.action}
          name={pending.user.username}
          onClose={() => setPending(null)}
          onConfirm={confirm}
        />
      )}
    </>
  );
}
