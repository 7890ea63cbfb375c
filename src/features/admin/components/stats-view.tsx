import { Link } from 'react-router-dom';
import type { PostStats } from '../../../../contract/admin';
import { Avatar } from '../../../components/avatar';
import { formatCount } from '../../../lib/format';
import { adminTexts } from '../texts';
import { DailyChart } from './daily-chart';
import styles from './stats-view.module.css';

/** Totals by status and category, notes per day and the most active authors. */
export function StatsView({ stats }: { stats: PostStats }) {
  const statusCards = [
    { label: adminTexts.totalAll, value: stats.byStatus.total },
    { label: adminTexts.tabPending, value: stats.byStatus.pending, tone: styles.pending },
    { label: adminTexts.tabApproved, value: stats.byStatus.approved, tone: styles.approved },
    { label: adminTexts.tabRejected, value: stats.byStatus.rejected, tone: styles.rejected },
  ];
  const categoryMax = Math.max(1, ...stats.byCategory.map((category) => category.count));

  return (
    <div className={styles.grid}>
      <section className={`${styles.panel} ${styles.wide}`} aria-labelledby="stats-status">
        <h2 id="stats-status" className={styles.heading}>
          {adminTexts.statusTotals}
        </h2>
        <dl className={styles.cards}>
          {statusCards.map((card) => (
            <div key={card.label} className={[styles.card, card.tone].filter(Boolean).join(' ')}>
              <dt>{card.label}</dt>
              <dd>{formatCount(card.value)}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section className={`${styles.panel} ${styles.wide}`} aria-labelledby="stats-days">
        <h2 id="stats-days" className={styles.heading}>
          {adminTexts.perDay}
        </h2>
        <DailyChart days={stats.perDay} />
      </section>

      <section className={styles.panel} aria-labelledby="stats-categories">
        <h2 id="stats-categories" className={styles.heading}>
          {adminTexts.byCategory}
        </h2>
        <ul className={styles.bars}>
          {stats.byCategory.map((category) => (
            <li key={category._id} className={styles.barRow}>
              <span className={styles.barLabel}>{category.name}</span>
              <span className={styles.barTrack}>
                <span
                  className={styles.barFill}
                  style={{ width: `${(category.count / categoryMax) * 100}%` }}
                />
              </span>
              <span className={styles.barValue}>{category.count}</span>
            </li>
          ))}
        </ul>
      </section>

      <section className={styles.panel} aria-labelledby="stats-authors">
        <h2 id="stats-authors" className={styles.heading}>
          {adminTexts.topAuthors}
        </h2>
        {stats.topAuthors.length === 0 ? (
          <p className={styles.muted}>{adminTexts.noAuthors}</p>
        ) : (
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{adminTexts.author}</th>
                <th scope="col">{adminTexts.posts}</th>
                <th scope="col">{adminTexts.likes}</th>
              </tr>
            </thead>
            <tbody>
              {stats.topAuthors.map((row) => (
                <tr key={row.author.id}>
                  <td>
                    <Link to={`/profile/${row.author.id}`} className={styles.author}>
                      <Avatar src={row.author.avatar} alt="" size={24} />
                      <span>{row.author.username}</span>
                    </Link>
                  </td>
                  <td>{formatCount(row.posts)}</td>
                  <td>{formatCount(row.likes)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}

/** The page's shape while the numbers load. */
export function StatsViewSkeleton() {
  return (
    <div className={styles.grid} aria-busy="true">
      <div className={`${styles.panel} ${styles.wide} ${styles.skeleton}`} />
      <div className={`${styles.panel} ${styles.wide} ${styles.skeleton} ${styles.tall}`} />
      <div className={`${styles.panel} ${styles.skeleton} ${styles.tall}`} />
      <div className={`${styles.panel} ${styles.skeleton} ${styles.tall}`} />
    </div>
  );
}
