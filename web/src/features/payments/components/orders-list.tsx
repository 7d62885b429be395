import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { formatPrice } from '@common/rules/prices';
import type { OrderSummary } from '@common/schemas/payments';
import { useCurrentLanguage } from '../../../lib/use-current-language';
import { Button } from '../../../components/button';
import { Loader } from '../../../components/loader';
import { useDownloadReceipt, useMyOrders } from '../api/my-orders';
import styles from './orders-list.module.css';

/**
 * The profile's orders (issue 12, item 1): date, what was bought, amount with the VAT it includes,
 * status, and the receipt of each paid order as a PDF.
 */
export function OrdersList() {
  const { t } = useTranslation('payments');
  const lng = useCurrentLanguage();
  const orders = useMyOrders(lng);
  return (
    <section className={styles.section} aria-labelledby="orders-title" data-testid="orders">
      <h2 id="orders-title" className={styles.title}>
        {t('orders.title')}
      </h2>
      {orders.isLoading ? <Loader /> : null}
      {orders.data?.length === 0 ? <p className={styles.empty}>{t('orders.empty')}</p> : null}
      {orders.data?.length ? (
        <ul className={styles.list}>
          {orders.data.map((order) => (
            <OrderRow key={order.order} order={order} lng={lng} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function OrderRow({ order, lng }: { order: OrderSummary; lng: string }) {
  const { t } = useTranslation('payments');
  const download = useDownloadReceipt();
  const date = order.paid_at ? new Intl.DateTimeFormat(lng, { dateStyle: 'long' }).format(new Date(order.paid_at)) : '';
  return (
    <li className={styles.order} data-order={order.order}>
      <div>
        <p className={styles.item}>{order.planName}</p>
        <p className={styles.meta}>
          {t(`orders.kind_${order.kind}`)} · <time dateTime={order.paid_at ?? undefined}>{date}</time>
        </p>
        {order.print_status ? <p className={styles.meta}>{t(`orders.print_${order.print_status}`)}</p> : null}
      </div>
      <div className={styles.amount}>
        <strong>{formatPrice(order.price, lng, order.currency)}</strong>
        <span className={styles.meta}>{t('orders.tax', { tax: formatPrice(order.tax, lng, order.currency) })}</span>
      </div>
      <div className={styles.actions}>
        <span>
          <span className={`${styles.status} ${order.status === 'refunded' ? styles.refunded : ''}`}>
            {t(`orders.status_${order.status}`)}
          </span>{' '}
          <span className={styles.meta}>{t('orders.reference', { order: order.order })}</span>
        </span>
        <Button
          variant="secondary"
          busy={download.isPending}
          aria-label={t('orders.receipt_label', { order: order.order })}
          onClick={() => download.mutate(order.order, { onError: () => toast.error(t('orders.receipt_failed')) })}
        >
          {t('orders.receipt')}
        </Button>
      </div>
    </li>
  );
}
