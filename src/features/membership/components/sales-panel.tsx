import { Coins } from 'lucide-react';
import { Link } from 'react-router-dom';
import { fillText } from '../../../../contract/page-messages';
import { Button, buttonClass } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { formatCount } from '../../../lib/format';
import { formatYuan } from '../format';
import { useSales } from '../hooks/use-sales';
import { membershipTexts } from '../texts';
import styles from './sales-panel.module.css';

const texts = membershipTexts.sales;
const yuan = (amount: number) => fillText(texts.yuan, { amount: formatYuan(amount) });

/** The author's paid notes: totals, then sales and income note by note. */
export function SalesPanel({ userId }: { userId: string }) {
  const sales = useSales(userId);

  if (sales.error && sales.items.length === 0) {
    return (
      <div className={styles.failed} role="alert">
        <p>{texts.loadFailed}</p>
        <Button variant="secondary" size="small" onClick={sales.retry}>
          {texts.retry}
        </Button>
      </div>
    );
  }
  if (sales.isLoading) {
    return <div className={styles.skeleton} aria-busy="true" />;
  }
  if (sales.items.length === 0) {
    return (
      <EmptyState
        icon={<Coins size={28} />}
        title={texts.empty}
        description={texts.emptyHint}
        action={
          <Link to="/create" className={buttonClass()}>
            {texts.publish}
          </Link>
        }
      />
    );
  }

  const totals = sales.totals ?? { salesCount: 0, incomeYuan: 0 };
  return (
    <section className={styles.panel} aria-label={texts.title}>
      <dl className={styles.totals}>
        <div className={styles.total}>
          <dt>{texts.totalSales}</dt>
          <dd>{formatCount(totals.salesCount)}</dd>
        </div>
        <div className={styles.total}>
          <dt>{texts.totalIncome}</dt>
          <dd>{formatYuan(totals.incomeYuan)}</dd>
        </div>
      </dl>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">{texts.note}</th>
            <th scope="col">{texts.price}</th>
            <th scope="col">{texts.count}</th>
            <th scope="col">{texts.income}</th>
          </tr>
        </thead>
        <tbody>
          {sales.items.map((item) => (
            <tr key={item.postId}>
              <th scope="row">
                <Link to={`/post/${item.postId}`} className={styles.title}>
                  {item.title}
                </Link>
              </th>
              <td>{yuan(item.price)}</td>
              <td>{item.salesCount}</td>
              <td className={styles.income}>{yuan(item.incomeYuan)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {sales.hasMore && (
        <Button
          variant="secondary"
          className={styles.more}
          loading={sales.isLoadingMore}
          onClick={sales.loadMore}
        >
          {texts.more}
        </Button>
      )}
    </section>
  );
}
