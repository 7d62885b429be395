import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '@common/rules/prices';
import styles from './subscription.module.css';

/** The plan's name (or the default display), its monthly price and its benefits. */
export function PlanSummary({
  name,
  price,
  currency,
  benefits,
  lng,
  children,
}: {
  name: string | null | undefined;
  price: number | null;
  currency: string;
  benefits: string[];
  lng: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation('subscriptions');
  return (
    <>
      <h2 className={styles.planName} data-testid="plan-name">
        {name?.trim() || t('default_plan_name')}
      </h2>
      {price !== null ? (
        <p className={styles.price}>
          <strong>{formatPrice(price, lng, currency)}</strong>
          <span className={styles.muted}>{t('per_month_tax_included')}</span>
        </p>
      ) : null}
      {children}
      {benefits.length ? (
        <ul className={styles.benefits} aria-label={t('benefits')}>
          {benefits.map((benefit) => (
            <li key={benefit}>{benefit}</li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

/** A date as people of that language write it (e.g. 23 December 2026). */
export const formatDay = (iso: string, lng: string) => new Intl.DateTimeFormat(lng, { dateStyle: 'long' }).format(new Date(iso));
