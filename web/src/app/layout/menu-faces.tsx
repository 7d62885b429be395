import { useTranslation } from 'react-i18next';
import { ChevronDownIcon, CloseIcon, GlobeIcon, MenuIcon, UserIcon } from './icons';
import { LANGUAGE_NAMES } from '../../lib/language';
import { useCurrentLanguage } from '../../lib/use-current-language';
import headerStyles from './header.module.css';
import styles from './menu.module.css';

/*
 * What the header's three menu buttons show, without Radix: the menus themselves (Radix dropdown and dialog,
 * floating-ui, react-remove-scroll, ~15 KB gzip) are downloaded on the first sign of intent (header-menus.tsx), and
 * until then these faces stand in their place, so nothing moves when they arrive.
 */

/** 'Language: English' wide, 'Language: EN' on a phone: the accessible name holds the visible text. */
export function LanguageFace() {
  const { t } = useTranslation();
  const current = useCurrentLanguage();
  return (
    <>
      <GlobeIcon />
      <span className="visually-hidden">{`${t('header.language_label')} `}</span>
      <span className={styles.languageName}>{LANGUAGE_NAMES[current]}</span>
      <span className={styles.languageCode}>{current.toUpperCase()}</span>
      <ChevronDownIcon className={styles.chevron} />
    </>
  );
}

export function ProfileFace() {
  return (
    <>
      <span className={styles.avatar}>
        <UserIcon />
      </span>
      <ChevronDownIcon className={styles.chevron} />
    </>
  );
}

export function MobileMenuFace({ open }: { open: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {open ? <CloseIcon /> : <MenuIcon />}
      <span className={headerStyles.menuLabel}>{t('header.menu')}</span>
    </>
  );
}

export const triggerClass = {
  language: styles.trigger,
  profile: `${styles.trigger} ${styles.profileTrigger}`,
  mobile: headerStyles.menuButton,
};
