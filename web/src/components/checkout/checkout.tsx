import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { PaymentForm } from '@common/schemas/payments';
import { Button } from '../button';
import { Loader } from '../loader';
import { ApiError } from '../../lib/api';
import { ORDERS_QUERY_ROOT } from '../../lib/query-client';
import { pushPaymentFailureEvent, type PurchaseCategory } from '../../lib/purchase-analytics';
import type { ClientAnswer } from './kr-answer';
import { ProviderForm } from './provider-form';

/**
 * One payment attempt after another, for every product: creates the form (`createForm`, each
 * attempt a new one: a refused form is closed), shows the card form, and on PAID hands over to
 * `onPaid`. The card form is the configured provider's (Lyra's, else the sandbox's). A refusal shows the provider's reason with 'Try again' and pushes a failure event;
 * `summary` renders above the card form once the server has said the amount.
 */
export function Checkout({
  formKey,
  createForm,
  category,
  onPaid,
  summary,
  onFormError,
}: {
  /** Changes when the thing being bought changes (a new form is created). */
  formKey: string;
  createForm: () => Promise<PaymentForm>;
  category: PurchaseCategory;
  onPaid: (form: PaymentForm) => Promise<void>;
  summary?: (form: PaymentForm) => ReactNode;
  /** The card form itself reported an error (Lyra's form or its loader), after the failure event. */
  onFormError?: (message: string) => void;
}) {
  const { t } = useTranslation('payments');
  const [form, setForm] = useState<PaymentForm | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const queryClient = useQueryClient();
  const create = useRef(createForm);
  useEffect(() => {
    create.current = createForm;
  });

  useEffect(() => {
    let live = true;
    create
      .current()
      .then((created) => live && setForm(created))
      .catch((error: unknown) => {
        if (live) setFailed(error instanceof ApiError ? error.message : t('card.error'));
      });
    return () => {
      live = false;
    };
  }, [formKey, attempt, t]);

  const onAnswer = (answer: ClientAnswer) => {
    if (answer.orderStatus !== 'PAID') {
      setFailed(t(`refused.${answer.refusal ?? 'default'}`, { defaultValue: t('refused.default') }));
      pushPaymentFailureEvent(category, answer.refusal ?? 'UNPAID');
      return;
    }
    void queryClient.invalidateQueries({ queryKey: [ORDERS_QUERY_ROOT] });
    void onPaid(form!).catch(() => undefined); // the API client shows a failed confirmation
  };

  if (failed)
    return (
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
    );
  if (!form) return <Loader />;
  return (
    <>
      {summary?.(form)}
      <ProviderForm
        form={form}
        onAnswer={onAnswer}
        onError={(reason, message) => {
          pushPaymentFailureEvent(category, reason);
          onFormError?.(message);
        }}
      />
    </>
  );
}
