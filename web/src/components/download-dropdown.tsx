import * as DropdownMenu from 'radix-ui/dropdown-menu';
import { useTranslation } from 'react-i18next';
import buttonStyles from './button.module.css';
import type { IntentProps } from '../lib/on-intent';
import { BOOK_FORMATS, type BookFormat } from '../lib/use-download-book';
import styles from './download-menu.module.css';

/** 'Download' opens the choice of file: PDF, EPUB or Word, each with what it is for (Radix; see download-menu.tsx). */
export function DownloadDropdown({
  busy,
  onChoose,
  defaultOpen = false,
  autoFocus = false,
}: { busy: boolean; onChoose: (format: BookFormat) => void } & IntentProps) {
  const { t } = useTranslation('preview');
  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger
        className={[buttonStyles.button, buttonStyles.secondary].join(' ')}
        disabled={busy}
        autoFocus={autoFocus}
        aria-busy={busy || undefined}
      >
        {busy ? <span className={buttonStyles.spinner} aria-hidden="true" /> : null}
        {t('download.menu')}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={styles.content} align="start" sideOffset={6} collisionPadding={12}>
          {BOOK_FORMATS.map((format) => (
            <DropdownMenu.Item key={format} className={styles.item} onSelect={() => onChoose(format)}>
              <span className={styles.name}>{t(`download.${format}`)}</span>
              <span className={styles.hint}>{t(`download.${format}_hint`)}</span>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
