import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import * as RadioGroup from 'radix-ui/radio-group';
import { MOBILE_USER_AGENT, PAYMENT_MODAL_WIDTH } from '@common/constants';
import { formatPrice } from '@common/rules/prices';
import type { CheckpointData } from '@common/schemas/session';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { CardBrands } from '../../../components/card-brands';
import { useAuth } from '../../../app/auth';
import { paths } from '../../../lib/paths';
import { useWorkspaceContext } from './workspace-context';
import { LockIcon } from '../../../components/icons';
import { couponsApi } from '@common/api/coupons';
import { call } from '../../../lib/api';
import { pendingGiftCode } from '../../../lib/pending-gift-code';
import styles from '../workspace.module.css';

const isMobile = () => typeof navigator !== 'undefined' && MOBILE_USER_AGENT.test(navigator.userAgent);

function plansOf(checkpoint: CheckpointData) {
  const single = checkpoint.services_with_plans[0]?.plans[0] ?? null;
  const subscription = checkpoint.services_with_plans.flatMap((s) => s.plans).find((p) => p.kind === 'subscription') ?? null;
  return { single, subscription };
}

/** 'Finish your book' (spec section 2): a login prompt for visitors; single payment or subscription for users. */
export function PlanModal({ open, onOpenChange, onPaid }: { open: boolean; onOpenChange: (open: boolean) => void; onPaid: () => void }) {
  const { t, i18n } = useTranslation('workspace');
  const { isLoggedIn, isPayed, checkpoint, sessionId, lng } = useWorkspaceContext();
  const navigate = useNavigate();
  const location = useLocation();
  const [choice, setChoice] = useState<'single' | 'subscription'>('single');
  const { user } = useAuth();
  // The spec's session values: the coupon box is prefilled from the user's coupon_code — or from a
  // gift code that arrived by e-mail and waits in this browser (redeem-gift page).
  const [typedCoupon, setCoupon] = useState<string | null>(null);
  const coupon = typedCoupon ?? pendingGiftCode.read() ?? user?.coupon_code ?? '';
  /** A percentage coupon the server accepted: the payment form charges the reduced price. */
  const [discount, setDiscount] = useState<{ code: string; percent_off: number } | null>(null);
  const [checking, setChecking] = useState(false);
  const { single, subscription } = plansOf(checkpoint);
  const width = isMobile() ? PAYMENT_MODAL_WIDTH.mobile : PAYMENT_MODAL_WIDTH.desktop;

  const handleContinue = () => {
    const plan = choice === 'subscription' ? subscription : single;
    if (!plan) return;
    const state = {
      service_session_id: sessionId,
      plan_id: plan.id,
      is_add_chapter: false,
      isSubscription: choice === 'subscription',
      ...(choice === 'single' && discount ? { coupon_code: discount.code, percent_off: discount.percent_off } : {}),
    };
    onOpenChange(false);
    navigate(choice === 'subscription' ? paths.subscriptions(lng) : paths.payment(lng), { state });
  };

  const handleCoupon = async () => {
    if (!single || coupon.trim() === '') return;
    setChecking(true);
    try {
      const result = await call(couponsApi.checkCouponForPayment, {
        body: { plan_id: single.id, service_session_id: sessionId, code: coupon.trim() },
      });
      toast.success(t('messages.coupon_successful'));
      if (result.is_payed) {
        if (coupon.trim() === pendingGiftCode.read()) pendingGiftCode.write(null);
        onOpenChange(false);
        onPaid();
      } else if (result.percent_off) {
        setDiscount({ code: coupon.trim(), percent_off: result.percent_off });
        setChoice('single');
      }
    } catch {
      // the global handler shows the server's message
    } finally {
      setChecking(false);
    }
  };

  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t('plan.title')} description={t('plan.lead')} width={width}>
      {!isLoggedIn ? (
        <div className={styles.planLogin}>
          <p>{t('plan.login_prompt')}</p>
          <div className={styles.rowActions}>
            <Button onClick={() => navigate(paths.login(lng), { state: { from: location.pathname } })}>{t('plan.login')}</Button>
            <Button variant="secondary" onClick={() => navigate(paths.register(lng), { state: { from: location.pathname } })}>
              {t('plan.register')}
            </Button>
          </div>
        </div>
      ) : (
        <div className={styles.planBody}>
          <RadioGroup.Root
            className={styles.planChoices}
            value={choice}
            onValueChange={(v) => setChoice(v as 'single' | 'subscription')}
            aria-label={t('plan.title')}
          >
            <label className={[styles.planChoice, choice === 'single' ? styles.planChosen : ''].join(' ')}>
              <RadioGroup.Item value="single" className={styles.radio}>
                <RadioGroup.Indicator className={styles.radioDot} />
              </RadioGroup.Item>
              <span className={styles.planText}>
                <strong>{t('plan.single')}</strong>
                <span className={styles.planPrice}>
                  {single ? t('plan.price', { price: formatPrice(single.price, i18n.language) }) : t('plan.price_unknown')}
                </span>
                {discount ? (
                  <span className={styles.planDiscount} data-testid="plan-discount">
                    {t('plan.coupon_percent', { percent: discount.percent_off, code: discount.code })}
                  </span>
                ) : null}
                <ul>
                  {[1, 2, 3].map((n) => (
                    <li key={n}>{t(`plan.single_benefit_${n}`)}</li>
                  ))}
                </ul>
              </span>
            </label>
            <label className={[styles.planChoice, choice === 'subscription' ? styles.planChosen : ''].join(' ')}>
              <RadioGroup.Item value="subscription" className={styles.radio}>
                <RadioGroup.Indicator className={styles.radioDot} />
              </RadioGroup.Item>
              <span className={styles.planText}>
                <strong>{t('plan.subscription')}</strong>
                <span className={styles.planPrice}>
                  {subscription ? t('plan.price_month', { price: formatPrice(subscription.price, i18n.language) }) : t('plan.discounted')}
                </span>
                <ul>
                  <li>{t('plan.all_the_above')}</li>
                  {[1, 2, 3].map((n) => (
                    <li key={n}>{t(`plan.subscription_benefit_${n}`)}</li>
                  ))}
                </ul>
              </span>
            </label>
          </RadioGroup.Root>
          {!isPayed ? (
            <div className={styles.coupon}>
              <label className={styles.fieldLabel}>
                {t('plan.coupon')}
                <input className={styles.input} value={coupon} onChange={(e) => setCoupon(e.target.value)} autoComplete="off" />
              </label>
              <Button variant="secondary" onClick={handleCoupon} busy={checking} disabled={coupon.trim() === ''}>
                {t('plan.coupon_confirm')}
              </Button>
            </div>
          ) : null}
          <p className={styles.secure}>
            <LockIcon /> {t('plan.secure')}
          </p>
          <Button onClick={handleContinue} disabled={choice === 'single' ? !single : !subscription}>
            {t('plan.continue')}
          </Button>
          <CardBrands className={styles.cards} label={t('plan.cards')} />
        </div>
      )}
    </Modal>
  );
}
