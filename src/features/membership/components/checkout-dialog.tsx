import { ShieldCheck } from 'lucide-react';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { Spinner } from '../../../components/spinner';
import { formatYuan } from '../format';
import type { Checkout } from '../hooks/use-checkout';
import { membershipTexts } from '../texts';
import styles from './checkout-dialog.module.css';

const texts = membershipTexts.checkout;

/**
 * The sandbox provider's own cashier (模拟支付) and the wait for the payment result. Alipay has
 * its own cashier, so for it this only shows the wait after the buyer comes back.
 */
export function CheckoutDialog({ checkout }: { checkout: Checkout }) {
  const { phase } = checkout;
  const cashier = phase.name === 'cashier' || phase.name === 'paying' ? phase.order : null;
  const waiting = phase.name === 'waiting' || phase.name === 'redirecting';
  const waitingText = phase.name === 'redirecting' ? texts.redirecting : texts.waiting;
  return (
    <Modal
      open={cashier !== null || waiting}
      onClose={checkout.dismiss}
      title={cashier ? texts.sandboxTitle : texts.returnedTitle}
      width={400}
    >
      {cashier ? (
        <div className={styles.cashier}>
          <p className={styles.hint}>
            <ShieldCheck size={16} aria-hidden="true" />
            {texts.sandboxHint}
          </p>
          <dl className={styles.summary}>
            <div className={styles.row}>
              <dt>{texts.subject}</dt>
              <dd>{cashier.subject}</dd>
            </div>
            <div className={styles.row}>
              <dt>{texts.orderId}</dt>
              <dd className={styles.orderId}>{cashier.id}</dd>
            </div>
            <div className={`${styles.row} ${styles.amountRow}`}>
              <dt>{texts.amount}</dt>
              <dd className={styles.amount}>
                <span aria-hidden="true">¥</span>
                {formatYuan(cashier.amountYuan)}
              </dd>
            </div>
          </dl>
          <div className={styles.actions}>
            <Button
              variant="secondary"
              onClick={() => void checkout.cancel()}
              disabled={phase.name === 'paying'}
            >
              {texts.cancel}
            </Button>
            <Button
              size="large"
              block
              loading={phase.name === 'paying'}
              loadingLabel={texts.paying}
              onClick={() => void checkout.confirm()}
            >
              {texts.confirm}
            </Button>
          </div>
        </div>
      ) : (
        <div className={styles.waiting}>
          <Spinner label={waitingText} size="large" />
          <p aria-hidden="true">{waitingText}</p>
        </div>
      )}
    </Modal>
  );
}
