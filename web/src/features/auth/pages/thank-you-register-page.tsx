import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { languageOfPath } from '@common/languages';
import { useSiteHref } from '../../../lib/site-links';
import { Button } from '../../../components/button';
import { Screen } from '../../../components/screen';
import { paths } from '../../../lib/paths';
import styles from '../components/auth.module.css';

/** Congratulations after sign-up: the e-mail from route state, a contact link, write a book, continue. */
export function ThankYouRegisterPage() {
  const { t } = useTranslation('auth');
  const location = useLocation();
  const navigate = useNavigate();
  const lng = languageOfPath(location.pathname);
  const contactLink = useSiteHref(lng, 'contact');
  const state = (location.state ?? {}) as { email?: string; service_session_id?: number | null };
  const next = state.service_session_id ? paths.questions(lng, state.service_session_id) : paths.myBooks(lng);

  return (
    <Screen title={t('thanks_title')} width="narrow">
      <div className={`${styles.card} ${styles.thanks}`}>
        <svg className={styles.illustration} viewBox="0 0 96 96" aria-hidden="true">
          <circle cx="48" cy="48" r="46" fill="var(--color-accent-soft)" />
          <path
            d="M30 64c10-2 22-12 30-30l6-6c2 8-2 22-12 30-6 5-14 7-24 6z"
            fill="none"
            stroke="currentColor"
            strokeWidth="3"
            strokeLinejoin="round"
          />
          <path d="M30 64l14-14" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
        </svg>
        <p>{state.email ? t('thanks_with_email', { email: state.email }) : t('thanks_without_email')}</p>
        <p className={styles.muted}>
          {t('thanks_help')}{' '}
          <a href={contactLink?.href} className={styles.link} target="_blank" rel="noopener">
            {t('contact_us')}
          </a>
        </p>
        <div className={styles.thanksActions}>
          <Button onClick={() => navigate(next)}>{t('continue')}</Button>
          <Link to={paths.generalCategories(lng, 1)} className={styles.link} style={{ alignSelf: 'center', textAlign: 'center' }}>
            {t('write_a_book')}
          </Link>
        </div>
      </div>
    </Screen>
  );
}
