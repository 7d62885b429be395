import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { subscriptionsApi } from '@common/api/payments';
import { formatPrice } from '@common/rules/prices';
import type { PaymentForm } from '@common/schemas/payments';
import { useCurrentLanguage } from '../../../lib/use-current-language';
import { Loader } from '../../../components/loader';
import { Screen } from '../../../components/screen';
import { call } from '../../../lib/api';
import { paths } from '../../../lib/paths';
import { Checkout } from '../../../components/checkout/checkout';
import { pushPurchaseEvent } from '../../../lib/purchase-analytics';
import { useRefreshSubscription, useSubscriptionDetails, useSubscriptionPlan } from '../api/subscription';
import { PlanSummary } from '../components/plan-summary';
import { manageSubscriptionState, type SubscriptionState } from '../lib/subscription-state';
import styles from '../components/subscription.module.css';

/** Spec section 9: the redirect after subscribing. */
const SUBSCRIBED_REDIRECT_MS = 1000;

/**
 * /subscriptions (spec sections 2, 4, 7): createSubscriptionPaymentForm → the embedded card form →
 * PAID → subscriptionPaymentStatusCallback/{order_id} → success message, purchase event, and the
 * thank-you page after 1 s. A setup failure goes back one page with the error text.
 */
export function SubscriptionsPage() {
  const { t } = useTranslation(['subscriptions', 'payments']);
  const lng = useCurrentLanguage();
  const details = useSubscriptionDetails(lng);
  const plan = useSubscriptionPlan(lng);
  // Decided once, on arrival: after paying, the refreshed state must not replace the checkout.
  const [state, setState] = useState<SubscriptionState | null>(null);
  if (state === null && !details.isLoading) setState(manageSubscriptionState(details.data));
  return (
    <Screen title={t('subscriptions:subscribe_title')} width="normal" lead={t('subscriptions:subscribe_lead')}>
      {state === null ? (
        <Loader />
      ) : state !== 'unsubscribed' ? (
        <div className={styles.card}>
          <p className={styles.notice} role="status">
            {t('subscriptions:already_subscribed')}
          </p>
          <Link to={paths.manageSubscriptions(lng)}>{t('subscriptions:see_my_subscription')}</Link>
        </div>
      ) : (
        <div className={styles.layout}>
          <div className={styles.card}>
            <PlanSummary
              name={plan.data?.name}
              price={plan.data?.price ?? null}
              currency="EUR"
              benefits={plan.data?.plan_options.map((o) => o.name) ?? []}
              lng={lng}
            />
          </div>
          <SubscriptionCheckout />
        </div>
      )}
    </Screen>
  );
}

function SubscriptionCheckout() {
  const { t } = useTranslation(['subscriptions', 'payments']);
  const lng = useCurrentLanguage();
  const navigate = useNavigate();
  const refresh = useRefreshSubscription();
  const [paidOrder, setPaidOrder] = useState<string | null>(null);

  useEffect(() => {
    if (!paidOrder) return;
    const timer = window.setTimeout(
      () => navigate(paths.thankYouPurchase(lng, paidOrder), { state: { subscription: true } }),
      SUBSCRIBED_REDIRECT_MS,
    );
    return () => window.clearTimeout(timer);
  }, [paidOrder, lng, navigate]);

  const createForm = () =>
    call(subscriptionsApi.createSubscriptionPaymentForm, {}).catch((error: unknown) => {
      // The error text is already shown (the client's toast); back one page, as the spec asks.
      if (((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0) navigate(-1);
      else navigate(paths.manageSubscriptions(lng), { replace: true });
      throw error;
    });

  const onPaid = async (form: PaymentForm) => {
    const confirmation = await call(subscriptionsApi.subscriptionPaymentStatusCallback, { params: { order_id: form.order_id } });
    toast.success(t('subscriptions:subscribed'));
    pushPurchaseEvent({
      category: 'Subscription',
      orderId: confirmation.order,
      name: confirmation.subscriptionName ?? confirmation.planName,
      value: confirmation.price,
      currency: confirmation.currency,
      tax: confirmation.tax,
    });
    await refresh();
    setPaidOrder(confirmation.order);
  };

  if (paidOrder) {
    return (
      <div className={styles.card}>
        <p className={styles.notice} role="status">
          {t('subscriptions:subscribed')}
        </p>
      </div>
    );
  }
  return (
    <div>
      <Checkout
        formKey="subscription"
        createForm={createForm}
        category="Subscription"
        onPaid={onPaid}
        summary={(form) => (
          <p className={styles.muted}>{t('subscriptions:charged_today', { price: formatPrice(form.amount, lng, form.currency) })}</p>
        )}
      />
    </div>
  );
}
