import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { printingApi } from '@common/api/printing';
import { languageOfPath } from '@common/languages';
import { formatPrice } from '@common/rules/prices';
import type { PaymentForm } from '@common/schemas/payments';
import { Button } from '../../../components/button';
import { Loader } from '../../../components/loader';
import { Screen } from '../../../components/screen';
import { ApiError, call } from '../../../lib/api';
import { paths } from '../../../lib/paths';
import { Checkout } from '../../../components/checkout/checkout';
import { pushPaymentFailureEvent, pushPurchaseEvent } from '../../../lib/purchase-analytics';
import { pendingPrint, setPendingPrint } from '../lib/pending';
import styles from '../printing.module.css';

/** Spec section 9: home 3 seconds after a printing payment. */
const HOME_AFTER_MS = 3000;

/**
 * Printing payment (spec section 4): createPrintingPaymentForm for the stored quote → card form →
 * PAID → printingPaymentStatusCallback → submitDocxForPrinting with the address → success
 * message, purchase event (Printing) → home after 3 s. The shared Checkout makes the forms, shows the
 * configured provider's card form and its refusals with 'Try again'; a setup failure goes back one
 * page with the error text.
 */
export function PrintingPaymentPage() {
  const { t, i18n } = useTranslation('printing');
  const location = useLocation();
  const navigate = useNavigate();
  const lng = languageOfPath(location.pathname);
  const [pending] = useState(pendingPrint);
  const [stage, setStage] = useState<'pay' | 'submitting' | 'retry' | 'refunded' | 'done'>('pay');
  /** The order paid, while handing it to the printer has not succeeded: tried again as it is, never paid again. */
  const [paid, setPaid] = useState<PaymentForm | null>(null);
  const [message, setMessage] = useState('');
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    if (stage !== 'done') return;
    const timer = window.setTimeout(() => navigate(paths.home(lng)), HOME_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [stage, navigate, lng]);

  const createForm = async (): Promise<PaymentForm> => {
    try {
      return await call(
        printingApi.createPrintingPaymentForm,
        { body: { price: pending!.quote.price, quote_id: pending!.quote.quote_id, ...pending!.address } },
        { quiet: true },
      );
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : t('payments:card.error'));
      pushPaymentFailureEvent('Printing', (error instanceof ApiError && error.code) || 'setup');
      navigate(-1);
      throw error;
    }
  };

  const onPaid = async (form: PaymentForm) => {
    if (!pending) return;
    setFailed(null);
    setPaid(form);
    setStage('submitting');
    try {
      const confirmation = await call(printingApi.printingPaymentStatusCallback, { params: { order_id: form.order_id } });
      const order = await call(printingApi.submitDocxForPrinting, {
        fields: { ...pending.address, copies: String(pending.quote.copies), quote_id: pending.quote.quote_id, order_id: form.order_id },
        files: pending.file ? { file: pending.file } : {},
      });
      pushPurchaseEvent({
        category: 'Printing',
        orderId: confirmation.order,
        name: confirmation.title,
        value: confirmation.price,
        currency: confirmation.currency,
        tax: confirmation.tax,
      });
      toast.success(order.message);
      setMessage(order.message);
      setPendingPrint(null);
      setStage('done');
    } catch (error) {
      // not paid after all: back to a new card form, the reason above it; refunded (it cannot be printed): said, and
      // nothing more to pay or try; paid: the same order is handed over again
      if (error instanceof ApiError && error.status === 402) {
        setFailed(error.message);
        setPaid(null);
        setStage('pay');
      } else if (error instanceof ApiError && error.status === 410) {
        setFailed(error.message);
        setPaid(null);
        setPendingPrint(null);
        setStage('refunded');
      } else {
        // the server's reason, if it gave one (a lost connection needs none beside "not sent yet")
        setFailed(error instanceof ApiError && error.status !== null ? error.message : null);
        setStage('retry');
      }
    }
  };

  if (!pending) {
    return (
      <Screen title={t('payment.title')} width="narrow" lead={t('payment.missing')}>
        <Link to={paths.printing(lng)}>{t('payment.back')}</Link>
      </Screen>
    );
  }
  const { quote, address } = pending;
  return (
    <Screen
      title={stage === 'refunded' ? t('payment.refunded_title') : t('payment.title')}
      width="narrow"
      lead={t('payment.summary', { copies: quote.copies, title: quote.title, pages: quote.pageCount, city: address.city })}
    >
      {stage === 'refunded' ? null : (
        <p>
          <strong>{t('payment.amount', { price: formatPrice(quote.price, i18n.language, quote.currency) })}</strong>
        </p>
      )}
      {stage === 'done' ? (
        <div className={styles.success} role="status" data-testid="print-success">
          <p>{message}</p>
          <p>{t('payment.done')}</p>
        </div>
      ) : null}
      {stage === 'submitting' ? (
        <div role="status">
          <p>{t('payment.submitting')}</p>
          <Loader />
        </div>
      ) : null}
      {stage === 'retry' && paid ? (
        <div>
          <div role="alert">
            <p>{t('payment.not_sent')}</p>
            {failed ? <p>{failed}</p> : null}
          </div>
          <Button onClick={() => void onPaid(paid)}>{t('payment.retry')}</Button>
        </div>
      ) : null}
      {stage === 'refunded' ? (
        <div>
          <p role="alert">{failed}</p>
          <Link to={paths.printing(lng)}>{t('payment.back')}</Link>
        </div>
      ) : null}
      {stage === 'pay' ? (
        <>
          {failed ? <p role="alert">{failed}</p> : null}
          <Checkout formKey={`printing-${quote.quote_id}`} createForm={createForm} category="Printing" onPaid={onPaid} />
        </>
      ) : null}
    </Screen>
  );
}
