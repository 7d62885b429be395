import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import type { Language } from '@common/constants';
import type { SubscriptionDetails } from '@common/schemas/payments';
import type { Plan } from '@common/schemas/plans';
import { useSiteHref } from '../../../lib/site-links';
import { useCurrentLanguage } from '../../../lib/use-current-language';
import { Button } from '../../../components/button';
import { Loader } from '../../../components/loader';
import { Modal } from '../../../components/modal';
import { Screen } from '../../../components/screen';
import { paths } from '../../../lib/paths';
import { useCancelSubscription, useSubscriptionDetails, useSubscriptionPlan } from '../api/subscription';
import { formatDay, PlanSummary } from '../components/plan-summary';
import { manageSubscriptionState } from '../lib/subscription-state';
import styles from '../components/subscription.module.css';

/**
 * /manage-subscriptions (spec section 4): the offer with a terms checkbox gating Subscribe; the
 * active subscription with an unsubscribe yes/no dialog; or the pending cancellation, which keeps
 * access to the end of the paid period.
 */
export function ManageSubscriptionsPage() {
  const { t } = useTranslation('subscriptions');
  const lng = useCurrentLanguage();
  const details = useSubscriptionDetails(lng);
  const plan = useSubscriptionPlan(lng);
  const state = manageSubscriptionState(details.data);
  return (
    <Screen title={t('manage_title')} width="narrow">
      {details.isLoading || (state === 'unsubscribed' && plan.isLoading) ? (
        <Loader />
      ) : state === 'unsubscribed' ? (
        <Offer plan={plan.data ?? null} lng={lng} />
      ) : (
        <Current details={details.data!} pending={state === 'pending_cancellation'} lng={lng} />
      )}
    </Screen>
  );
}

function Offer({ plan, lng }: { plan: Plan | null; lng: Language }) {
  const { t } = useTranslation('subscriptions');
  const navigate = useNavigate();
  const [accepted, setAccepted] = useState(false);
  const termsLink = useSiteHref(lng, 'terms');
  return (
    <div className={styles.card} data-state="unsubscribed">
      <p className={styles.muted}>{t('offer_lead')}</p>
      <PlanSummary
        name={plan?.name}
        price={plan?.price ?? null}
        currency="EUR"
        benefits={plan?.plan_options.map((o) => o.name) ?? []}
        lng={lng}
      />
      <label className={styles.check}>
        <input type="checkbox" checked={accepted} onChange={(e) => setAccepted(e.target.checked)} />
        <span>
          {t('terms_before')}{' '}
          <a href={termsLink?.href} target="_blank" rel="noopener">
            {t('terms_link')}
          </a>
        </span>
      </label>
      <div className={styles.actions}>
        <Button disabled={!accepted || !plan} onClick={() => navigate(paths.subscriptions(lng))}>
          {t('subscribe_button')}
        </Button>
      </div>
    </div>
  );
}

function Current({ details, pending, lng }: { details: NonNullable<SubscriptionDetails>; pending: boolean; lng: Language }) {
  const { t } = useTranslation('subscriptions');
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelSubscription();
  const until = formatDay(details.current_period_end, lng);

  const confirm = () => {
    cancel.mutate(undefined, {
      onSuccess: (result) => {
        if (result.status !== 'success') toast.error(t('subscribe.error'));
        setConfirming(false);
      },
      onError: () => {
        toast.error(t('subscribe.error'));
        setConfirming(false);
      },
    });
  };

  return (
    <div className={styles.card} data-state={pending ? 'pending_cancellation' : 'subscribed'}>
      <p className={`${styles.notice} ${pending ? styles.pending : ''}`} role="status">
        {pending ? t('pending_notice', { date: until }) : t('active_notice')}
      </p>
      <PlanSummary
        name={details.plan.name}
        price={pending ? null : details.price}
        currency={details.currency}
        benefits={pending ? [] : details.benefits}
        lng={lng}
      >
        <p className={styles.muted}>{pending ? t('pending_until', { date: until }) : t('renews_on', { date: until })}</p>
      </PlanSummary>
      {pending ? null : (
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            {t('unsubscribe')}
          </Button>
        </div>
      )}
      <Modal
        open={confirming}
        onOpenChange={(open) => !cancel.isPending && setConfirming(open)}
        title={t('confirm_title')}
        description={t('confirm_text', { date: until })}
        width={460}
      >
        <div className={styles.actions}>
          <Button variant="danger" busy={cancel.isPending} onClick={confirm}>
            {t('confirm_yes')}
          </Button>
          <Button variant="secondary" disabled={cancel.isPending} onClick={() => setConfirming(false)}>
            {t('confirm_no')}
          </Button>
        </div>
      </Modal>
    </div>
  );
}
