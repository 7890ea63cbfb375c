import type { OrderSummary } from '../../../../contract/payment';
import { formatTime } from '../../../lib/format';
import { formatYuan } from '../format';
import { membershipTexts } from '../texts';
import styles from './order-list.module.css';

/** The caller's latest orders: what, how much, when, and where each stands. */
export function OrderList({ orders }: { orders: OrderSummary[] }) {
  if (orders.length === 0)
    return <p className={styles.empty}>{membershipTexts.page.ordersEmpty}</p>;
  return (
    <ul className={styles.orders}>
      {orders.map((order) => (
        <li key={order.id} className={styles.order}>
          <div className={styles.what}>
            <span className={styles.subject}>{order.subject}</span>
            <time className={styles.time} dateTime={order.paidAt ?? order.createdAt}>
              {formatTime(order.paidAt ?? order.createdAt)}
            </time>
          </div>
          <span className={styles.amount}>¥{formatYuan(order.amountYuan)}</span>
          <span className={`${styles.status} ${styles[order.status]}`}>
            {membershipTexts.orderStatus[order.status]}
          </span>
        </li>
      ))}
    </ul>
  );
}
