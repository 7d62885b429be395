import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@common/constants';
import { ChevronDownIcon, GlobeIcon } from './icons';
import { LANGUAGE_NAMES, switchLanguage } from '../../lib/language';
import { useCurrentLanguage } from '../../lib/use-current-language';
import styles from './menu.module.css';

/** Lists the other three languages by their native names; choosing one saves it and reloads in that language. */
export function LanguagePicker() {
  const { t } = useTranslation();
  const current = useCurrentLanguage();
  return (
    <DropdownMenu.Root modal={false}>
      {/* The accessible name holds the visible text: 'Language: English' wide, 'Language: EN' on a phone. */}
      <DropdownMenu.Trigger className={styles.trigger} data-testid="language-picker">
        <GlobeIcon />
        <span className="visually-hidden">{`${t('header.language_label')} `}</span>
        <span className={styles.languageName}>{LANGUAGE_NAMES[current]}</span>
        <span className={styles.languageCode}>{current.toUpperCase()}</span>
        <ChevronDownIcon className={styles.chevron} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={styles.content} align="end" sideOffset={8} collisionPadding={12}>
          <DropdownMenu.Label className={styles.label}>{t('header.choose_language')}</DropdownMenu.Label>
          {LANGUAGES.filter((lng) => lng !== current).map((lng) => (
            <DropdownMenu.Item key={lng} className={styles.item} lang={lng} onSelect={() => switchLanguage(lng)}>
              {LANGUAGE_NAMES[lng]}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
