import { useQuery } from '@tanstack/react-query';
import { paymentsApi } from '@common/api/payments';
import type { PaymentForm } from '@common/schemas/payments';
import { Loader } from '../loader';
import { call } from '../../lib/api';
import type { ClientAnswer } from './kr-answer';
import { CardForm } from './card-form';
import { LyraForm } from './lyra-form';

/** The card form of the configured provider (`GET /api/paymentSettings`): Lyra's embedded form, else the sandbox's. */
export function ProviderForm({
  form,
  onAnswer,
  onError,
}: {
  form: PaymentForm;
  onAnswer: (answer: ClientAnswer) => void;
  /** A form error (Lyra's, or the loader's) for the failure analytics event. */
  onError?: (reason: string, message: string) => void;
}) {
  const settings = useQuery({ queryKey: ['payment-settings'], queryFn: () => call(paymentsApi.paymentSettings, {}), staleTime: Infinity });
  if (!settings.data) return <Loader />;
  if (settings.data.provider === 'lyra') {
    return (
      <LyraForm form={form} publicKey={settings.data.publicKey} staticUrl={settings.data.staticUrl} onAnswer={onAnswer} onError={onError} />
    );
  }
  return <CardForm formToken={form.formToken} amount={form.amount} onAnswer={onAnswer} />;
}
