import { Inbox } from 'lucide-react';
import { useState } from 'react';
import useSWR from 'swr';
import { AdminPage } from '../../../components/admin-page';
import { Avatar } from '../../../components/avatar';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { Pager } from '../../../components/pager';
import { resolveImageUrl } from '../../../lib/image-url';
import { formatTime } from '../../../lib/format';
import { getFeedback } from '../api/get-feedback';
import { feedbackTexts } from '../texts';
import styles from './feedback-admin-page.module.css';

const texts = feedbackTexts.admin;

/** The admin's list of feedback with its screenshots (route `/admin/feedback`). */
export default function FeedbackAdminPage() {
  const [page, setPage] = useState(1);
  const { data, error, isLoading, mutate } = useSWR(['feedback', page], ([, current]) =>
    getFeedback(current),
  );

  return (
    <AdminPage
      title={texts.title}
      path="/admin/feedback"
      aside={data ? texts.total(data.total) : undefined}
    >
      {isLoading ? (
        <ul className={styles.list} aria-busy="true" aria-label={texts.loading}>
          {Array.from({ length: 3 }, (_, index) => (
            <li key={index} className={styles.skeleton} />
          ))}
        </ul>
      ) : error ? (
        <EmptyState
          icon={<Inbox size={28} />}
          title={texts.failed}
          description={error instanceof Error ? error.message : undefined}
          action={<Button onClick={() => void mutate()}>{texts.retry}</Button>}
        />
      ) : !data || data.feedback.length === 0 ? (
        <EmptyState
          icon={<Inbox size={28} />}
          title={texts.emptyTitle}
          description={texts.emptyDescription}
        />
      ) : (
        <>
          <ul className={styles.list}>
            {data.feedback.map((item) => (
              <li key={item.id} className={styles.card}>
                <div className={styles.meta}>
                  <span className={styles.type}>{item.typeLabel}</span>
                  <span className={styles.who}>
                    <Avatar alt="" size={20} />
                    {item.user?.username ?? texts.anonymous}
                  </span>
                  <time dateTime={item.createdAt}>{formatTime(item.createdAt)}</time>
                </div>
                <p className={styles.content}>{item.content}</p>
                {item.contactInfo && (
                  <p className={styles.contact}>{texts.contact(item.contactInfo)}</p>
                )}
                {item.screenshots.length > 0 && (
                  <div className={styles.shots}>
                    {item.screenshots.map((url, index) => (
                      <a key={url} href={resolveImageUrl(url)} target="_blank" rel="noreferrer">
                        <img
                          src={resolveImageUrl(url)}
                          alt={texts.screenshot(index + 1)}
                          loading="lazy"
                        />
                      </a>
                    ))}
                  </div>
                )}
              </li>
            ))}
          </ul>
          <Pager page={page} pages={data.pages} onPageChange={setPage} />
        </>
      )}
    </AdminPage>
  );
}
