import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { audiobookApi } from '@common/api/audiobook';
import { languageOfPath } from '@common/languages';
import { formatCount } from '@common/rules/audiobook';
import { formatPrice } from '@common/rules/prices';
import type { AudiobookQuota } from '@common/schemas/audiobook';
import type { PaymentForm } from '@common/schemas/payments';
import { Button } from '../../../components/button';
import { Loader } from '../../../components/loader';
import { Screen } from '../../../components/screen';
import { ApiError, call } from '../../../lib/api';
import { paths } from '../../../lib/paths';
import { Checkout } from '../../../components/checkout/checkout';
import { pushPurchaseEvent } from '../../../lib/purchase-analytics';
import { audiobookFormError, generationFailureKey, setupFailureKey } from '../audiobook-errors';
import { openAudiobook } from '../open-audiobook';
import styles from './audiobook.module.css';

/** Navigation state of /audiobook-payment (spec section 2). */
interface AudiobookPaymentState {
  service_session_id?: number;
  price?: number;
}

/** A redeemed gift card pays for the whole reading: no card form. */
const coveredByGift = (quota: AudiobookQuota) => quota.gift_characters > 0 && quota.price === 0;

/**
 * The audiobook's payment (spec section 4): the server's quota and price → the shared checkout
 * (create-audiobook-payment-form → card form → PAID) → audiobook-payment-status-callback →
 * generateAudiobook → the audiobook page in a new window → thank-you. Setup failures go back one
 * page; an audiobook already paid, or paid by a gift card, is made without a card.
 */
export function AudiobookPaymentPage() {
  const { t } = useTranslation('audiobook');
  const location = useLocation();
  const navigate = useNavigate();
  const lng = languageOfPath(location.pathname);
  const state = (location.state ?? {}) as AudiobookPaymentState;
  const sessionId = state.service_session_id ?? 0;
  const [quota, setQuota] = useState<AudiobookQuota | null>(null);
  const [starting, setStarting] = useState(false);

  const setupFailed = (error: unknown) => {
    const key = setupFailureKey(error);
    toast.error(error instanceof ApiError ? `${t(key)} ${error.message}` : t(key), {
      toastId: 'audiobook-setup',
    });
    navigate(-1);
  };

  const generate = async (order: string | null) => {
    setStarting(true);
    try {
      const result = await call(audiobookApi.generateAudiobook, { body: { service_session_id: sessionId } }, { quiet: true });
      openAudiobook(result.audiobook_url);
      navigate(order ? paths.thankYouPurchase(lng, order) : paths.audiobook(lng, sessionId));
    } catch (error) {
      setStarting(false);
      toast.error(t(generationFailureKey(error)), {
        toastId: 'audiobook-generate',
      });
    }
  };

  useEffect(() => {
    if (!sessionId) return;
    let live = true;
    call(audiobookApi.checkAudiobookQuota, { body: { service_session_id: sessionId } }, { quiet: true })
      .then((found) => live && setQuota(found))
      .catch((error: unknown) => live && setupFailed(error));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the quota is asked once per book
  }, [sessionId]);

  const createForm = async (): Promise<PaymentForm> => {
    try {
      return await call(
        audiobookApi.createAudiobookPaymentForm,
        { body: { service_session_id: sessionId, price: quota!.price } },
        { quiet: true },
      );
    } catch (error) {
      // paid before (a failed audiobook) or by a gift: made at once, no card
      if (error instanceof ApiError && (error.code === 'audiobook.already_paid' || error.code === 'audiobook.covered_by_gift'))
        void generate(null);
      else setupFailed(error);
      throw error;
    }
  };

  const onPaid = async (form: PaymentForm) => {
    const confirmation = await call(audiobookApi.audiobookPaymentStatusCallback, { params: { order_id: form.order_id } });
    toast.success(t('paid'), { toastId: 'audiobook-paid' });
    pushPurchaseEvent({
      category: 'Audiobook',
      orderId: confirmation.order,
      name: t('item'),
      value: confirmation.price,
      currency: confirmation.currency,
      tax: confirmation.tax,
    });
    await generate(confirmation.order);
  };

  if (!sessionId)
    return (
      <Screen title={t('payment.title')} width="narrow" lead={t('payment.no_book')}>
        <Link to={paths.myBooks(lng)}>{t('back_to_books')}</Link>
      </Screen>
    );
  if (!quota)
    return (
      <Screen title={t('payment.title')} width="narrow">
        <Loader />
      </Screen>
    );
  const characters = formatCount(quota.characters_needed);
  const covered = coveredByGift(quota);
  return (
    <Screen
      title={t('payment.title')}
      width="narrow"
      lead={covered ? t('payment.lead_gift', { characters }) : t('payment.lead', { characters, price: formatPrice(quota.price, lng) })}
    >
      <p className={styles.voiceNote}>{t('voice.offline_note')}</p>
      {covered ? (
        <Button onClick={() => void generate(null)} disabled={starting}>
          {t('page.start')}
        </Button>
      ) : (
        <>
          {quota.gift_characters > 0 ? (
            <p className={styles.voiceNote}>{t('payment.gift_part', { characters: formatCount(quota.gift_characters) })}</p>
          ) : null}
          <Checkout
            formKey={`audiobook-${sessionId}`}
            createForm={createForm}
            category="Audiobook"
            onPaid={onPaid}
            onFormError={() => audiobookFormError(t('errors.form_error'))}
          />
        </>
      )}
    </Screen>
  );
}
