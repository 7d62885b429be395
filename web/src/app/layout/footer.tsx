import type { ComponentType, SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../auth';
import { marketingUrl, SOCIAL_LINKS, type MarketingPage, type SocialNetwork } from './external-links';
import { FacebookIcon, FeatherIcon, InstagramIcon, LinkedInIcon, PhoneIcon, YouTubeIcon } from './icons';
import { useCurrentLanguage } from './use-current-language';
import styles from './footer.module.css';

const socialIcons: Record<SocialNetwork, ComponentType<SVGProps<SVGSVGElement>>> = {
  facebook: FacebookIcon,
  instagram: InstagramIcon,
  youtube: YouTubeIcon,
  linkedin: LinkedInIcon,
};

const columns: Array<{ title: string; pages: Array<{ page: MarketingPage; label: string }> }> = [
  {
    title: 'footer.discover',
    pages: [
      { page: 'solution', label: 'footer.solution' },
      { page: 'faq', label: 'footer.faq' },
      { page: 'blog', label: 'footer.blog' },
    ],
  },
  { title: 'footer.help', pages: [{ page: 'contact', label: 'footer.contact' }] },
  {
    title: 'footer.legal',
    pages: [
      { page: 'terms', label: 'footer.terms' },
      { page: 'privacy', label: 'footer.privacy' },
      { page: 'legal', label: 'footer.legal_notice' },
    ],
  },
];

/** The site footer (spec section 2): marketing-site links, the phone line for signed-in users, social links. */
export function Footer() {
  const { t } = useTranslation();
  const { isLoggedIn } = useAuth();
  const lng = useCurrentLanguage();
  const phone = t('footer.phone');

  return (
    <footer className={styles.footer} data-testid="site-footer">
      <div className={styles.inner}>
        <div className={styles.about}>
          <p className={styles.brand}>
            <span className={styles.brandMark}>
              <FeatherIcon />
            </span>
            {t('app_name')}
          </p>
          <p className={styles.tagline}>{t('footer.tagline')}</p>
          {isLoggedIn ? (
            <p className={styles.phone} data-testid="footer-phone">
              <PhoneIcon />
              <span>
                {t('footer.phone_label')}{' '}
                <a href={`tel:${phone.replace(/[^+\d]/g, '')}`} className={styles.phoneNumber}>
                  {phone}
                </a>
              </span>
            </p>
          ) : null}
        </div>

        <nav className={styles.columns} aria-label={t('footer.nav_label')}>
          {columns.map((column) => (
            <div key={column.title} className={styles.column}>
              <h2 className={styles.columnTitle}>{t(column.title)}</h2>
              <ul role="list" className={styles.list}>
                {column.pages.map(({ page, label }) => (
                  <li key={page}>
                    <a href={marketingUrl(lng, page)} className={styles.link}>
                      {t(label)}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </div>

      <div className={styles.bottom}>
        <p className={styles.copyright}>{t('footer.copyright', { year: new Date().getFullYear() })}</p>
        <div className={styles.social}>
          <span className={styles.socialTitle}>{t('footer.follow_us')}</span>
          <ul role="list" className={styles.socialList}>
            {SOCIAL_LINKS.map(({ network, name, url }) => {
              const Icon = socialIcons[network];
              return (
                <li key={network}>
                  <a
                    href={url}
                    className={styles.socialLink}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={t('footer.social_label', { network: name })}
                    title={name}
                  >
                    <Icon />
                  </a>
                </li>
              );
            })}
          </ul>
        </div>
      </div>
    </footer>
  );
}
