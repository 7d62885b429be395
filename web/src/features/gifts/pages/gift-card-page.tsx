import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { languageOfPath } from '@common/languages';
import { formatPrice } from '@common/rules/prices';
import { Button } from '../../../components/button';
import { Loader } from '../../../components/loader';
import { Screen } from '../../../components/screen';
import { paths } from '../../../lib/paths';
import { useGiftPlans, type GiftState } from '../api/gift-calls';
import styles from '../gifts.module.css';

/** /{lang}/gift-card (spec section 2): the gift plans; choosing one goes to /gift-card-payment with plan_id. */
export function GiftCardPage() {
  const { t } = useTranslation('gifts');
  const lng = languageOfPath(useLocation().pathname);
  const navigate = useNavigate();
  const plans = useGiftPlans(lng);
  return (
    <Screen title={t('choose.title')} lead={t('choose.lead')}>
      {plans.isPending ? <Loader /> : null}
      {plans.isError ? <p role="alert">{t('choose.unavailable')}</p> : null}
      {plans.data ? (
        <div className={styles.plans}>
          {plans.data.map((plan) => (
            <article key={plan.id} className={styles.plan} aria-labelledby={`gift-plan-${plan.id}`}>
              <h2 id={`gift-plan-${plan.id}`} className={styles.planName}>
                {plan.name}
              </h2>
              <p className={styles.planDescription}>{plan.description}</p>
              <p className={styles.price}>
                {formatPrice(plan.price, lng)}
                <span className={styles.priceNote}>{t('choose.tax_included', { what: plan.price_description })}</span>
              </p>
              <ul className={styles.options}>
                {plan.plan_options
                  .filter((o) => o.is_active)
                  .map((o) => (
                    <li key={o.id}>{o.name}</li>
                  ))}
              </ul>
              <Button
                onClick={() => navigate(paths.giftCardPayment(lng), { state: { plan_id: plan.id } satisfies GiftState })}
                aria-label={t('choose.pick_named', { name: plan.name })}
              >
                {t('choose.pick')}
              </Button>
            </article>
          ))}
        </div>
      ) : null}
      <p className={styles.redeemLink}>
        {t('choose.received')} <Link to={paths.redeemGift(lng)}>{t('choose.redeem')}</Link>
      </p>
    </Screen>
  );
}
