import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { paymentsApi } from '@common/api/payments';
import { languageOfPath } from '@common/languages';
import { formatPrice } from '@common/rules/prices';
import { Screen } from '../../../components/screen';
import { call } from '../../../lib/api';
import { paths } from '../../../lib/paths';
import { Checkout } from '../../../components/checkout/checkout';
import { pushPurchaseEvent } from '../../../lib/purchase-analytics';
import styles from '../../../components/checkout/card-form.module.css';

/** Navigation state of /payment (spec section 2). */
export interface PaymentState {
  service_session_id?: number;
  plan_id?: number;
  is_add_chapter?: boolean;
  /** The chapter an extra-chapter payment adds (the 'add an extra chapter' modal's draft, with its new id). */
  chapter_to_add?: { id: number };
  index_chapter_to_add?: number;
  /** A percentage coupon the plan modal accepted: the server charges the reduced price. */
  coupon_code?: string;
  percent_off?: number;
}

/**
 * Single book (or extra chapter): getPaymentForm (skipped when the id is 0) → createPaymentForm →
 * card form → PAID → onPaymentCallback → success message, purchase event → thank-you page (an extra
 * chapter goes back to the book, carrying the chapter to add). A refusal shows the provider's reason
 * and pushes a failure event; nothing is unlocked.
 */
export function PaymentPage() {
  const { t } = useTranslation('payments');
  const location = useLocation();
  const navigate = useNavigate();
  const lng = languageOfPath(location.pathname);
  const state = (location.state ?? {}) as PaymentState;
  const category = state.is_add_chapter ? 'Add Chapter' : 'Book';
  const sessionId = state.service_session_id ?? 0;

  const createForm = async () => {
    if (sessionId !== 0)
      await call(paymentsApi.getPaymentForm, { body: { service_session_id: sessionId } }, { quiet: true }).catch(() => undefined);
    return call(paymentsApi.createPaymentForm, {
      body: {
        service_session_id: sessionId,
        plan_id: state.plan_id!,
        is_add_chapter: Boolean(state.is_add_chapter),
        chapter_id: state.chapter_to_add?.id,
        coupon_code: state.coupon_code,
      },
    });
  };

  const onPaid = async () => {
    const confirmation = await call(paymentsApi.onPaymentCallback, { params: { service_session_id: sessionId } });
    toast.success(t('success'));
    pushPurchaseEvent({
      category,
      orderId: confirmation.order,
      name: confirmation.planName,
      value: confirmation.price,
      currency: confirmation.currency,
      tax: confirmation.tax,
    });
    if (state.is_add_chapter) {
      navigate(paths.questions(lng, sessionId), {
        state: { chapter_to_add: state.chapter_to_add, index_chapter_to_add: state.index_chapter_to_add },
      });
    } else {
      navigate(paths.thankYouPurchase(lng, confirmation.order));
    }
  };

  if (!state.plan_id) {
    return (
      <Screen title={t('title')} width="narrow" lead={t('no_plan')}>
        <Link to={paths.myBooks(lng)}>{t('back_to_books')}</Link>
      </Screen>
    );
  }
  return (
    <Screen title={state.is_add_chapter ? t('title_chapter') : t('title')} width="narrow">
      <Checkout
        formKey={[sessionId, state.plan_id, state.is_add_chapter, state.chapter_to_add?.id, state.coupon_code].join(':')}
        createForm={createForm}
        category={category}
        onPaid={onPaid}
        summary={(form) => (
          <p className={styles.amount} data-testid="payment-amount">
            {t('amount', { price: formatPrice(form.amount, lng) })}
            {state.coupon_code && state.percent_off ? (
              <span className={styles.discount}> {t('coupon_applied', { code: state.coupon_code, percent: state.percent_off })}</span>
            ) : null}
          </p>
        )}
      />
    </Screen>
  );
}
