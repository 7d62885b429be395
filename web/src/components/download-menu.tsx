import { useTranslation } from 'react-i18next';
import { lazyOnIntent } from '../lib/on-intent';
import type { BookFormat } from '../lib/use-download-book';
import buttonStyles from './button.module.css';

const useDownloadDropdown = lazyOnIntent(async () => (await import('./download-dropdown')).DownloadDropdown);

/**
 * 'Download' opens the choice of file: PDF, EPUB or Word. Radix's dropdown (with floating-ui) is downloaded on
 * the first sign of intent (lib/on-intent.ts), not with the workspace; until then a look-alike button holds
 * its place, and a click on it opens the menu as it arrives.
 */
export function DownloadMenu({ busy, onChoose }: { busy: boolean; onChoose: (format: BookFormat) => void }) {
  const { t } = useTranslation('preview');
  const { Real, intent, face } = useDownloadDropdown();
  if (Real) return <Real busy={busy} onChoose={onChoose} {...intent} />;
  return (
    <button
      type="button"
      className={[buttonStyles.button, buttonStyles.secondary].join(' ')}
      disabled={busy}
      aria-busy={busy || undefined}
      aria-haspopup="menu"
      aria-expanded={false}
      {...face}
    >
      {busy ? <span className={buttonStyles.spinner} aria-hidden="true" /> : null}
      {t('download.menu')}
    </button>
  );
}
