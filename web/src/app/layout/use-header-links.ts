import { useTranslation } from 'react-i18next';
import { DEFAULT_SERVICE_ID } from '@common/constants';
import { paths } from '../../lib/paths';
import { useAuth } from '../auth';
import { useSubscriptionState } from '../../features/subscriptions/api/use-subscription-state';
import { useCurrentLanguage } from '../../lib/use-current-language';

export interface HeaderLink {
  key: string;
  to: string;
  label: string;
  /** Shown as a button (the sign-up call to action). */
  emphasis?: boolean;
}

/** The header's links (spec section 2): logged out Gift card, Sign up, Log in; logged in the four book links. */
export function useHeaderLinks(): HeaderLink[] {
  const { t } = useTranslation();
  const { isLoggedIn } = useAuth();
  const lng = useCurrentLanguage();
  if (isLoggedIn) {
    return [
      { key: 'write', to: paths.generalCategories(lng, DEFAULT_SERVICE_ID), label: t('header.write_new_book') },
      { key: 'my-books', to: paths.myBooks(lng), label: t('header.my_books') },
      { key: 'printing', to: paths.printing(lng), label: t('header.printing') },
      { key: 'gift-card', to: paths.giftCard(lng), label: t('header.gift_card') },
    ];
  }
  return [
    { key: 'gift-card', to: paths.giftCard(lng), label: t('header.gift_card') },
    { key: 'sign-up', to: paths.register(lng), label: t('header.sign_up'), emphasis: true },
    { key: 'log-in', to: paths.login(lng), label: t('header.log_in') },
  ];
}

/**
 * The profile menu's entries: My profile, then My subscription unless unsubscribed, else Upgrade account — once the
 * subscription is known: the menu is first read when first opened, and offered a subscriber Upgrade account meanwhile.
 */
export function useAccountLinks(): { greeting: string; links: HeaderLink[] } {
  const { t } = useTranslation();
  const { user } = useAuth();
  const { state, isLoading } = useSubscriptionState();
  const lng = useCurrentLanguage();
  const greeting = t('header.hello', { name: user?.first_name?.trim() || t('header.user_fallback') });
  const links: HeaderLink[] = [{ key: 'profile', to: paths.profile(lng), label: t('header.my_profile') }];
  if (isLoading) return { greeting, links };
  if (state === 'unsubscribed') links.push({ key: 'upgrade', to: paths.manageSubscriptions(lng), label: t('header.upgrade') });
  else links.push({ key: 'subscription', to: paths.manageSubscriptions(lng), label: t('header.my_subscription') });
  return { greeting, links };
}
