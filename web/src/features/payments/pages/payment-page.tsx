import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { paymentsApi } from '@common/api/payments';
import { languageOfPath } from '@common/languages';
import { formatAmount } from '@common/rules/prices';
import type { PaymentForm } from '@common/schemas/payments';
import { Button } from '../../../components/button';
import { Loader } from '../../../components/loader';
import { Screen } from '../../../components/screen';
import { ApiError, call } from '../../../lib/api';
import { paths } from '../../../lib/paths';
import { CardForm } from '../components/card-form';
import { pushPaymentFailureEvent, pushPurchaseEvent } from '../lib/analytics';
import type { ClientAnswer } from '../lib/kr-answer';

/** Navigation state of /payment (spec section 2). */
interface PaymentState {
  service_session_id?: number;
  plan_id?: number;
  is_add_chapter?: boolean;
  chapter_to_add?: { id: number };
  index_chapter_to_add?: number;
}

/**
 * Single book (or extra chapter): getPaymentForm (skipped when the id is 0) → createPaymentForm →
 * card form → PAID → onPaymentCallback → success message, purchase event → thank-you page.
 * A refusal shows the provider's reason and pushes a failure event; nothing is unlocked.
 */
export function PaymentPage() {
  const { t } = useTranslation('payments');
  const location = useLocation();
  const navigate = useNavigate();
  const lng = languageOfPath(location.pathname);
  const state = (location.state ?? {}) as PaymentState;
  const [form, setForm] = useState<PaymentForm | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  /** Each attempt gets a new form: a refused one is closed. */
  const [attempt, setAttempt] = useState(0);
  const category = state.is_add_chapter ? 'Add Chapter' : 'Book';
  const sessionId = state.service_session_id ?? 0;

  useEffect(() => {
    if (!state.plan_id) return;
    let live = true;
    (async () => {
      if (sessionId !== 0)
        await call(paymentsApi.getPaymentForm, { body: { service_session_id: sessionId } }, { quiet: true }).catch(() => undefined);
      const created = await call(paymentsApi.createPaymentForm, {
        body: {
          service_session_id: sessionId,
          plan_id: state.plan_id!,
          is_add_chapter: Boolean(state.is_add_chapter),
          chapter_id: state.chapter_to_add?.id,
        },
      });
      if (live) setForm(created);
    })().catch((error: unknown) => {
      if (live) setFailed(error instanceof ApiError ? error.message : t('card.error'));
    });
    return () => {
      live = false;
    };
  }, [sessionId, state.plan_id, state.is_add_chapter, state.chapter_to_add?.id, t, attempt]);

  const onAnswer = async (answer: ClientAnswer) => {
    if (answer.orderStatus !== 'PAID') {
      setFailed(t(`refused.${answer.refusal ?? 'default'}`, { defaultValue: t('refused.default') }));
      pushPaymentFailureEvent(category, answer.refusal ?? 'UNPAID');
      return;
    }
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
    <Screen
      title={state.is_add_chapter ? t('title_chapter') : t('title')}
      width="narrow"
      lead={form ? t('amount', { price: formatAmount(form.amount) }) : undefined}
    >
      {failed ? (
        <div role="alert">
          <p>{failed}</p>
          <Button
            variant="secondary"
            onClick={() => {
              setFailed(null);
              setForm(null);
              setAttempt((n) => n + 1);
            }}
          >
            {t('try_again')}
          </Button>
        </div>
      ) : null}
      {form && !failed ? <CardForm formToken={form.formToken} amount={form.amount} onAnswer={(answer) => void onAnswer(answer)} /> : null}
      {!form && !failed ? <Loader /> : null}
    </Screen>
  );
}
