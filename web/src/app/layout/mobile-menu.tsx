import { useEffect, useRef } from 'react';
import * as Dialog from 'radix-ui/dialog';
import { useTranslation } from 'react-i18next';
import type { IntentProps } from '../../lib/on-intent';
import { NavLink, useLocation } from 'react-router';
import { useAuth } from '../auth';
import { MobileMenuFace, triggerClass } from './menu-faces';
import { useAccountLinks, useHeaderLinks } from './use-header-links';
import { useLogout } from './use-logout';
import styles from './header.module.css';

/** Phones and small tablets: a menu button opening a panel with every header link (auth state's mobile-menu flag). */
export function MobileMenu({ autoFocus = false }: Pick<IntentProps, 'autoFocus'>) {
  const { t } = useTranslation();
  const { isLoggedIn, isMobileMenuOpen, setMobileMenuOpen } = useAuth();
  const { pathname } = useLocation();
  const links = useHeaderLinks();

  // closes on navigation, not on arrival: a click on the stand-in button (header-menus.tsx) may have opened it
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    setMobileMenuOpen(false);
  }, [pathname, setMobileMenuOpen]);

  return (
    <Dialog.Root open={isMobileMenuOpen} onOpenChange={setMobileMenuOpen}>
      <Dialog.Trigger className={triggerClass.mobile} autoFocus={autoFocus} data-testid="mobile-menu-button">
        <MobileMenuFace open={isMobileMenuOpen} />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.panelOverlay} />
        <Dialog.Content className={styles.panel} aria-describedby={undefined} data-testid="mobile-menu">
          <Dialog.Title className="visually-hidden">{t('header.menu')}</Dialog.Title>
          <nav aria-label={t('header.main_nav')}>
            <ul className={styles.panelList} role="list">
              {links.map((link) => (
                <li key={link.key}>
                  <NavLink to={link.to} className={link.emphasis ? `${styles.panelLink} ${styles.panelCta}` : styles.panelLink}>
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          {isLoggedIn ? <MobileAccount /> : null}
          <Dialog.Close className={styles.panelClose}>{t('header.close_menu')}</Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function MobileAccount() {
  const { greeting, links } = useAccountLinks();
  const { t } = useTranslation();
  const logout = useLogout();
  return (
    <div className={styles.panelAccount}>
      <p className={styles.panelGreeting}>{greeting}</p>
      <ul className={styles.panelList} role="list">
        {links.map((link) => (
          <li key={link.key}>
            <NavLink to={link.to} className={styles.panelLink}>
              {link.label}
            </NavLink>
          </li>
        ))}
        <li>
          <button type="button" className={styles.panelLink} onClick={() => void logout()}>
            {t('header.logout')}
          </button>
        </li>
      </ul>
    </div>
  );
}
