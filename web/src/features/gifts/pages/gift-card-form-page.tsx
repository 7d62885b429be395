import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { giftsApi } from '@common/api/payments';
import { languageOfPath } from '@common/languages';
import { formatPrice } from '@common/rules/prices';
import { Screen } from '../../../components/screen';
import { call, callRaw } from '../../../lib/api';
import { offerDownload } from '../../../lib/download';
import { paths } from '../../../lib/paths';
import { Checkout } from '../../../components/checkout/checkout';
import { pushPurchaseEvent } from '../../../lib/purchase-analytics';
import type { GiftState } from '../api/gift-calls';
import styles from '../../../components/checkout/card-form.module.css';

/**
 * /{lang}/gift-card-form (spec sections 2, 4): the card form for the gift; visitors may buy.
 * After PAID: onGiftCardPaymentCallback → its message, the printable card downloads, a purchase
 * event (Gift Card), then the thank-you page.
 */
export function GiftCardFormPage() {
  const { t } = useTranslation('gifts');
  const location = useLocation();
  const lng = languageOfPath(location.pathname);
  const navigate = useNavigate();
  const state = (location.state ?? {}) as GiftState;
  const { plan_id, email } = state;

  if (!plan_id || !email)
    return (
      <Screen title={t('form.title')} width="narrow" lead={t('details.no_plan')}>
        <Link to={paths.giftCard(lng)}>{t('details.choose')}</Link>
      </Screen>
    );

  const onPaid = async (form: { order_id: string }) => {
    const params = { plan_id: String(plan_id), order_id: form.order_id, email };
    const result = await call(giftsApi.onGiftCardPaymentCallback, { params });
    toast.success(result.message);
    try {
      const card = await callRaw(giftsApi.giftCardPdf, { params }, { quiet: true });
      offerDownload(await card.blob(), result.name);
    } catch (error) {
      console.error('could not download file', error);
    }
    pushPurchaseEvent({
      category: 'Gift Card',
      orderId: form.order_id,
      name: result.planName,
      value: result.price,
      currency: result.currency,
      tax: result.tax,
    });
    navigate(paths.thankYouPurchase(lng, form.order_id), { state: { gift_email: email } });
  };

  return (
    <Screen title={t('form.title')} width="narrow">
      <Checkout
        formKey={`${plan_id}:${email}:${state.buyer_email ?? ''}`}
        createForm={() => call(giftsApi.createGiftCardPaymentForm, { body: { plan_id, email, buyer_email: state.buyer_email } })}
        category="Gift Card"
        onPaid={onPaid}
        summary={(form) => (
          <p className={styles.amount} data-testid="payment-amount">
            {t('form.summary', { price: formatPrice(form.amount, lng), email })}{' '}
            <Link to={paths.giftCardPayment(lng)} state={state}>
              {t('details.change')}
            </Link>
          </p>
        )}
      />
    </Screen>
  );
}
