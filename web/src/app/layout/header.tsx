import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { DEFAULT_SERVICE_ID, STICKY_HEADER_OFFSET_PX } from '@common/constants';
import { paths } from '../../lib/paths';
import { useAuth } from '../auth';
import { FeatherIcon } from './icons';
import { LanguagePicker, MobileMenu, ProfileMenu } from './header-menus';
import { useCurrentLanguage } from '../../lib/use-current-language';
import { useHeaderLinks } from './use-header-links';
import { useScrolledPast } from './use-scrolled-past';
import styles from './header.module.css';

/** The site header (spec section 2): links by auth state, language picker, profile menu; sticky after 100 px. */
export function Header() {
  const { t } = useTranslation();
  const { isLoggedIn, isMobileMenuOpen } = useAuth();
  const lng = useCurrentLanguage();
  const links = useHeaderLinks();
  // the open mobile panel sits under the header, so the header stays in view while it is open
  const sticky = useScrolledPast(STICKY_HEADER_OFFSET_PX) || isMobileMenuOpen;
  const home = isLoggedIn ? paths.home(lng) : paths.generalCategories(lng, DEFAULT_SERVICE_ID);

  return (
    <div className={styles.slot}>
      <header className={sticky ? `${styles.header} ${styles.sticky}` : styles.header} data-sticky={sticky} data-testid="site-header">
        <div className={styles.inner}>
          <Link to={home} className={styles.brand} aria-label={t('header.home')}>
            <span className={styles.brandMark}>
              <FeatherIcon />
            </span>
            <span className={styles.brandName}>{t('app_name')}</span>
          </Link>

          <nav aria-label={t('header.main_nav')} className={styles.nav}>
            <ul className={styles.navList} role="list">
              {links.map((link) => (
                <li key={link.key}>
                  <NavLink to={link.to} className={link.emphasis ? `${styles.navLink} ${styles.navCta}` : styles.navLink}>
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>

          <div className={styles.tools}>
            <LanguagePicker />
            {isLoggedIn ? (
              <div className={styles.desktopOnly}>
                <ProfileMenu />
              </div>
            ) : null}
            <div className={styles.mobileOnly}>
              <MobileMenu />
            </div>
          </div>
        </div>
      </header>
    </div>
  );
}
