import { lazy, Suspense, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../auth';
import { LanguageFace, MobileMenuFace, ProfileFace, triggerClass } from './menu-faces';

/*
 * The header's menus, loaded after the first render: Radix's dropdown and dialog (with floating-ui and
 * react-remove-scroll) are kept out of the entry route's JavaScript. Until they arrive, a look-alike button
 * (same classes, same face, same name) holds their place; a click on it is not lost: the menu opens as soon
 * as it has arrived. It carries no test id.
 */
type Menu = ComponentType<{ defaultOpen?: boolean }>;
const menu = (load: () => Promise<Record<string, Menu>>, name: string) => lazy(async () => ({ default: (await load())[name] }));
const RealLanguagePicker = menu(() => import('./language-picker'), 'LanguagePicker');
const RealProfileMenu = menu(() => import('./profile-menu'), 'ProfileMenu');
const RealMobileMenu = menu(() => import('./mobile-menu'), 'MobileMenu');

export function LanguagePicker() {
  const [clicked, setClicked] = useState(false);
  return (
    <Suspense
      fallback={
        <button type="button" className={triggerClass.language} aria-haspopup="menu" aria-expanded={false} onClick={() => setClicked(true)}>
          <LanguageFace />
        </button>
      }
    >
      <RealLanguagePicker defaultOpen={clicked} />
    </Suspense>
  );
}

export function ProfileMenu() {
  const { t } = useTranslation();
  const [clicked, setClicked] = useState(false);
  return (
    <Suspense
      fallback={
        <button
          type="button"
          className={triggerClass.profile}
          aria-label={t('header.profile_menu')}
          aria-haspopup="menu"
          aria-expanded={false}
          onClick={() => setClicked(true)}
        >
          <ProfileFace />
        </button>
      }
    >
      <RealProfileMenu defaultOpen={clicked} />
    </Suspense>
  );
}

/** The mobile menu's open state lives in the auth state, so a click before the panel arrives opens it. */
export function MobileMenu() {
  const { isMobileMenuOpen, setMobileMenuOpen } = useAuth();
  return (
    <Suspense
      fallback={
        <button
          type="button"
          className={triggerClass.mobile}
          aria-haspopup="dialog"
          aria-expanded={isMobileMenuOpen}
          onClick={() => setMobileMenuOpen(!isMobileMenuOpen)}
        >
          <MobileMenuFace open={isMobileMenuOpen} />
        </button>
      }
    >
      <RealMobileMenu />
    </Suspense>
  );
}
