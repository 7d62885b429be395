import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { CreateGiftCardFormBodySchema } from '@common/schemas/payments';
import { languageOfPath } from '@common/languages';
import { formatPrice } from '@common/rules/prices';
import { useAuth } from '../../../app/auth';
import { Button } from '../../../components/button';
import { Loader } from '../../../components/loader';
import { Screen } from '../../../components/screen';
import { TextField } from '../../../components/text-field';
import { paths } from '../../../lib/paths';
import { useGiftPlans, type GiftState } from '../api/gift-calls';
import styles from '../gifts.module.css';

const validEmail = (value: string) => CreateGiftCardFormBodySchema.shape.email.safeParse(value).success;

/**
 * /{lang}/gift-card-payment (spec section 2): the chosen gift, a three-step explainer, the
 * recipient's e-mail (and a visitor's own, for the receipt), then /gift-card-form.
 */
export function GiftCardPaymentPage() {
  const { t } = useTranslation('gifts');
  const location = useLocation();
  const lng = languageOfPath(location.pathname);
  const navigate = useNavigate();
  const { isLoggedIn } = useAuth();
  const state = (location.state ?? {}) as GiftState;
  const plans = useGiftPlans(lng);
  const plan = plans.data?.find((p) => p.id === state.plan_id);
  const [email, setEmail] = useState(state.email ?? '');
  const [buyerEmail, setBuyerEmail] = useState(state.buyer_email ?? '');
  const [submitted, setSubmitted] = useState(false);
  const emailError = submitted && !validEmail(email) ? t('details.invalid_email') : undefined;
  const buyerError = submitted && !isLoggedIn && !validEmail(buyerEmail) ? t('details.invalid_email') : undefined;

  if (plans.isPending) return <Loader />;
  if (!plan)
    return (
      <Screen title={t('details.title')} width="narrow" lead={t('details.no_plan')}>
        <Link to={paths.giftCard(lng)}>{t('details.choose')}</Link>
      </Screen>
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!validEmail(email) || (!isLoggedIn && !validEmail(buyerEmail))) return;
    const next: GiftState = { plan_id: plan.id, email: email.trim(), ...(isLoggedIn ? {} : { buyer_email: buyerEmail.trim() }) };
    navigate(paths.giftCardForm(lng), { state: next });
  };

  return (
    <Screen title={t('details.title')} width="narrow">
      <div className={styles.chosen}>
        <strong>{plan.name}</strong>
        <span>{formatPrice(plan.price, lng)}</span>
        <Link to={paths.giftCard(lng)}>{t('details.change')}</Link>
      </div>
      <ol className={styles.steps} aria-label={t('details.steps_label')}>
        {[1, 2, 3].map((n) => (
          <li key={n}>
            <p>
              <strong>{t(`details.step_${n}_title`)}</strong>
              <span>{t(`details.step_${n}_text`)}</span>
            </p>
          </li>
        ))}
      </ol>
      <form className={styles.form} onSubmit={submit} noValidate>
        <TextField
          label={t('details.recipient')}
          hint={t('details.recipient_hint')}
          type="email"
          autoComplete="off"
          maxLength={320}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={emailError}
          required
        />
        {isLoggedIn ? null : (
          <TextField
            label={t('details.buyer')}
            hint={t('details.buyer_hint')}
            type="email"
            autoComplete="email"
            maxLength={320}
            value={buyerEmail}
            onChange={(e) => setBuyerEmail(e.target.value)}
            error={buyerError}
            required
          />
        )}
        <Button type="submit">{t('details.continue')}</Button>
      </form>
    </Screen>
  );
}
