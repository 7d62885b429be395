import { useTranslation } from 'react-i18next';
import { lazyOnIntent } from '../../lib/on-intent';
import { useAuth } from '../auth';
import { LanguageFace, MobileMenuFace, ProfileFace, triggerClass } from './menu-faces';

/*
 * The header's menus, downloaded on the first sign of intent (lib/on-intent.ts): Radix's dropdown and dialog
 * (with floating-ui and react-remove-scroll) are in no page's first load. Until then a look-alike button (same
 * classes, face, name and test id) holds their place; a click on it opens the menu as it arrives, a keyboard
 * focus moves to the real trigger.
 */
const useLanguagePicker = lazyOnIntent(async () => (await import('./language-picker')).LanguagePicker);
const useProfileMenu = lazyOnIntent(async () => (await import('./profile-menu')).ProfileMenu);
const useMobileMenu = lazyOnIntent(async () => (await import('./mobile-menu')).MobileMenu);

export function LanguagePicker() {
  const { Real, intent, face } = useLanguagePicker();
  if (Real) return <Real {...intent} />;
  return (
    <button
      type="button"
      className={triggerClass.language}
      aria-haspopup="menu"
      aria-expanded={false}
      data-testid="language-picker"
      {...face}
    >
      <LanguageFace />
    </button>
  );
}

export function ProfileMenu() {
  const { t } = useTranslation();
  const { Real, intent, face } = useProfileMenu();
  if (Real) return <Real {...intent} />;
  return (
    <button
      type="button"
      className={triggerClass.profile}
      aria-label={t('header.profile_menu')}
      aria-haspopup="menu"
      aria-expanded={false}
      data-testid="profile-menu"
      {...face}
    >
      <ProfileFace />
    </button>
  );
}

/**
 * The mobile menu's open state lives in the auth state, so a press or a click before the panel arrives opens it
 * (the look-alike shows no panel: a wish to open it, never to close it).
 */
export function MobileMenu() {
  const { isMobileMenuOpen, setMobileMenuOpen } = useAuth();
  const { Real, intent, face } = useMobileMenu(() => setMobileMenuOpen(true));
  if (Real) return <Real autoFocus={intent.autoFocus} />;
  return (
    <button
      type="button"
      className={triggerClass.mobile}
      aria-haspopup="dialog"
      aria-expanded={isMobileMenuOpen}
      data-testid="mobile-menu-button"
      {...face}
    >
      <MobileMenuFace open={isMobileMenuOpen} />
    </button>
  );
}
