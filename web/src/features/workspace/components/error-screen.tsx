import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Language } from '@common/constants';
import { Button } from '../../../components/button';
import { useAuth } from '../../../app/auth';
import { paths } from '../../../lib/paths';
import { contentShown } from '../../../lib/page-shown';
import styles from '../workspace.module.css';

/** The workspace's error screen: why the book cannot be shown (missing, someone else's, the server not reached), and the ways on. */
export function ErrorScreen({
  reason,
  lng,
  onRetry,
}: {
  reason: 'not_found' | 'not_yours' | 'unavailable';
  lng: Language;
  onRetry?: () => void;
}) {
  const { t } = useTranslation('workspace');
  const { isLoggedIn } = useAuth();
  // the workspace's content, when the book cannot be shown (lib/page-shown.ts)
  useEffect(contentShown, []);
  return (
    <section className={styles.errorScreen} role="alert" data-testid="workspace-error">
      <h1>{t(`errors.${reason}_title`)}</h1>
      <p>{t(`errors.${reason}_body`)}</p>
      <div className={styles.rowActions}>
        {reason === 'unavailable' && onRetry ? <Button onClick={onRetry}>{t('errors.retry')}</Button> : null}
        {isLoggedIn ? (
          <Link className={styles.linkButtonLarge} to={paths.myBooks(lng)}>
            {t('errors.my_books')}
          </Link>
        ) : (
          <Link className={styles.linkButtonLarge} to={paths.login(lng)}>
            {t('errors.login')}
          </Link>
        )}
        <Link className={styles.linkButtonLarge} to={paths.generalCategories(lng)}>
          {t('errors.new_book')}
        </Link>
      </div>
    </section>
  );
}
