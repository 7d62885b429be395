import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DEFAULT_SERVICE_ID } from '@common/constants';
import { useAuth } from '../../app/auth';
import { useCurrentLanguage } from '../../lib/use-current-language';
import { paths } from '../../lib/paths';
import styles from './home-page.module.css';

/** Home for signed-in users: a warm welcome and the two ways on, to their books or to a new one. */
export function HomePage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const lng = useCurrentLanguage();
  const name = user?.first_name?.trim();

  return (
    <section className={styles.page} aria-labelledby="home-title">
      <header className={styles.intro}>
        <h1 id="home-title" className={styles.title}>
          {name ? t('home.greeting', { name }) : t('screens.home')}
        </h1>
        <p className={styles.lead}>{t('home.lead')}</p>
      </header>

      <ul className={styles.choices} role="list">
        <li>
          <Link to={paths.myBooks(lng)} className={styles.choice}>
            <BooksDrawing />
            <span className={styles.choiceText}>
              <span className={styles.choiceTitle}>{t('home.my_books_title')}</span>
              <span className={styles.choiceBody}>{t('home.my_books_text')}</span>
              <span className={`${styles.choiceAction} ${styles.secondary}`}>{t('home.my_books_action')}</span>
            </span>
          </Link>
        </li>
        <li>
          <Link to={paths.generalCategories(lng, DEFAULT_SERVICE_ID)} className={styles.choice}>
            <PenDrawing />
            <span className={styles.choiceText}>
              <span className={styles.choiceTitle}>{t('home.write_title')}</span>
              <span className={styles.choiceBody}>{t('home.write_text')}</span>
              <span className={styles.choiceAction}>{t('home.write_action')}</span>
            </span>
          </Link>
        </li>
      </ul>

      <p className={styles.note}>{t('home.note')}</p>
    </section>
  );
}

function BooksDrawing() {
  return (
    <svg className={styles.drawing} viewBox="0 0 120 90" aria-hidden="true" focusable="false">
      <rect width="120" height="90" rx="14" fill="#f3e4d9" />
      <rect x="22" y="26" width="16" height="46" rx="3" fill="#7a3e2b" />
      <rect x="40" y="20" width="18" height="52" rx="3" fill="#d9a441" />
      <rect x="60" y="30" width="14" height="42" rx="3" fill="#8aa38b" />
      <rect x="78" y="24" width="12" height="48" rx="3" fill="#d98c7a" transform="rotate(12 84 48)" />
      <path d="M16 74h88" stroke="#5e2c1d" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

function PenDrawing() {
  return (
    <svg className={styles.drawing} viewBox="0 0 120 90" aria-hidden="true" focusable="false">
      <rect width="120" height="90" rx="14" fill="#dce8ec" />
      <rect x="24" y="20" width="56" height="56" rx="4" fill="#fff" stroke="#5e2c1d" strokeWidth="3" />
      <path d="M34 36h34M34 46h34M34 56h22" stroke="#d98c7a" strokeWidth="3" strokeLinecap="round" />
      <path d="M66 66 C74 46 88 30 104 24 C100 42 86 56 66 66Z" fill="#fff" stroke="#7a3e2b" strokeWidth="3" strokeLinejoin="round" />
      <path d="M66 66 96 32" stroke="#7a3e2b" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}
