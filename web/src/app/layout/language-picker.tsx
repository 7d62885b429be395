import * as DropdownMenu from 'radix-ui/dropdown-menu';
import { useTranslation } from 'react-i18next';
import type { IntentProps } from '../../lib/on-intent';
import { LANGUAGES } from '@common/constants';
import { LanguageFace, triggerClass } from './menu-faces';
import { LANGUAGE_NAMES, switchLanguage } from '../../lib/language';
import { useCurrentLanguage } from '../../lib/use-current-language';
import styles from './menu.module.css';

/** Lists the other three languages by their native names; choosing one saves it and reloads in that language. */
export function LanguagePicker({ defaultOpen = false, autoFocus = false }: IntentProps) {
  const { t } = useTranslation();
  const current = useCurrentLanguage();
  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger className={triggerClass.language} autoFocus={autoFocus} data-testid="language-picker">
        <LanguageFace />
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
