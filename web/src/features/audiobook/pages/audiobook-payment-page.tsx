import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { audiobookApi } from '@common/api/audiobook';
import { languageOfPath } from '@common/languages';
import { formatCount } from '@common/rules/audiobook';
import { formatPrice } from '@common/rules/prices';
import type { AudiobookQuota } from '@common/schemas/audiobook';
import type { PaymentForm } from '@common/schemas/payments';
import { Loader } from '../../../components/loader';
import { Screen } from '../../../components/screen';
import { ApiError, call } from '../../../lib/api';
import { paths } from '../../../lib/paths';
import { CardForm } from '../../payments/components/card-form';
import { pushPaymentFailureEvent, pushPurchaseEvent } from '../../payments/lib/analytics';
import type { ClientAnswer } from '../../payments/lib/kr-answer';
import { openAudiobook } from '../open-audiobook';
import styles from './audiobook.module.css';

/** Navigation state of /audiobook-payment (spec section 2). */
interface AudiobookPaymentState {
  service_session_id?: number;
  price?: number;
}

/**
 * The audiobook's payment (spec section 4): the server's quota and price → create-audiobook-payment-form
 * → card form → PAID → audiobook-payment-status-callback → generateAudiobook → the audiobook page in a
 * new window → thank-you. Setup failures go back one page; an audiobook already paid is made at once.
 */
export function AudiobookPaymentPage() {
  const { t } = useTranslation('audiobook');
  const location = useLocation();
  const navigate = useNavigate();
  const lng = languageOfPath(location.pathname);
  const state = (location.state ?? {}) as AudiobookPaymentState;
  const sessionId = state.service_session_id ?? 0;
  const [quota, setQuota] = useState<AudiobookQuota | null>(null);
  const [form, setForm] = useState<PaymentForm | null>(null);
  const [refused, setRefused] = useState<string | null>(null);

  const generate = async (order: string | null) => {
    try {
      const result = await call(audiobookApi.generateAudiobook, { body: { service_session_id: sessionId } }, { quiet: true });
      openAudiobook(result.audiobook_url);
      navigate(order ? paths.thankYouPurchase(lng, order) : paths.audiobook(lng, sessionId));
    } catch (error) {
      toast.error(error instanceof ApiError ? t('errors.generation_failed') : t('errors.generate_call_failed'), {
        toastId: 'audiobook-generate',
      });
    }
  };

  useEffect(() => {
    if (!sessionId) return;
    let live = true;
    (async () => {
      const found = await call(audiobookApi.checkAudiobookQuota, { body: { service_session_id: sessionId } }, { quiet: true });
      if (!live) return;
      setQuota(found);
      try {
        const created = await call(
          audiobookApi.createAudiobookPaymentForm,
          { body: { service_session_id: sessionId, price: found.price } },
          { quiet: true },
        );
        if (live) setForm(created);
      } catch (error) {
        if (error instanceof ApiError && error.code === 'audiobook.already_paid') return void (await generate(null));
        throw error;
      }
    })().catch((error: unknown) => {
      if (!live) return;
      toast.error(error instanceof ApiError ? `${t('errors.form_setup_failed')} ${error.message}` : t('errors.setup_unknown'), {
        toastId: 'audiobook-setup',
      });
      navigate(-1);
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the form is set up once per book
  }, [sessionId]);

  const onAnswer = async (answer: ClientAnswer) => {
    if (answer.orderStatus !== 'PAID') {
      setRefused(t(`payments:refused.${answer.refusal ?? 'default'}`, { defaultValue: t('errors.form_error') }));
      pushPaymentFailureEvent('Audiobook', answer.refusal ?? 'UNPAID');
      return;
    }
    const confirmation = await call(audiobookApi.audiobookPaymentStatusCallback, { params: { order_id: form!.order_id } });
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
  return (
    <Screen
      title={t('payment.title')}
      width="narrow"
      lead={
        quota ? t('payment.lead', { characters: formatCount(quota.characters_needed), price: formatPrice(quota.price, lng) }) : undefined
      }
    >
      <p className={styles.voiceNote}>{t('voice.offline_note')}</p>
      {refused ? (
        <p role="alert" className={styles.refused}>
          {refused}
        </p>
      ) : null}
      {form ? <CardForm formToken={form.formToken} amount={form.amount} onAnswer={(answer) => void onAnswer(answer)} /> : <Loader />}
    </Screen>
  );
}
