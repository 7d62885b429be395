import type { ComponentType, SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SiteLink, SocialNetwork } from '@common/schemas/site';
import { useSiteSettings } from '../../lib/site-links';
import { siteHref } from '../../lib/site-links';
import { useAuth } from '../auth';
import { FacebookIcon, FeatherIcon, InstagramIcon, LinkedInIcon, PhoneIcon, YouTubeIcon } from './icons';
import { useCurrentLanguage } from '../../lib/use-current-language';
import styles from './footer.module.css';

/** Every network (the type asks for each of SOCIAL_NETWORKS), in their order; not imported from the schemas, which bring zod. */
const socialNetworks: Record<SocialNetwork, { name: string; Icon: ComponentType<SVGProps<SVGSVGElement>> }> = {
  facebook: { name: 'Facebook', Icon: FacebookIcon },
  instagram: { name: 'Instagram', Icon: InstagramIcon },
  youtube: { name: 'YouTube', Icon: YouTubeIcon },
  linkedin: { name: 'LinkedIn', Icon: LinkedInIcon },
};

const columns: Array<{ title: string; pages: Array<{ page: SiteLink; label: string }> }> = [
  {
    title: 'footer.discover',
    pages: [
      { page: 'how-it-works', label: 'footer.solution' },
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
      { page: 'legal-notice', label: 'footer.legal_notice' },
    ],
  },
];

/**
 * The site footer (spec section 2): the site's own pages (or the operator's external addresses,
 * `{PAGE}_URL`), the support phone for signed-in users when SUPPORT_PHONE is set, the social accounts
 * the operator configured (`FACEBOOK_URL`…; none: no "follow us").
 */
export function Footer() {
  const { t } = useTranslation();
  const { isLoggedIn } = useAuth();
  const lng = useCurrentLanguage();
  const { data: settings } = useSiteSettings();
  const phone = settings?.support_phone;
  const social = (Object.keys(socialNetworks) as SocialNetwork[]).flatMap((network) => {
    const url = settings?.social[network];
    return url ? [{ network, url, ...socialNetworks[network] }] : [];
  });

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
          {isLoggedIn && phone ? (
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
                {column.pages.map(({ page, label }) => {
                  const target = siteHref(settings, lng, page);
                  if (!target) return null;
                  return (
                    <li key={page}>
                      {target.external ? (
                        <a href={target.href} className={styles.link} rel="noopener">
                          {t(label)}
                        </a>
                      ) : (
                        <Link to={target.href} className={styles.link}>
                          {t(label)}
                        </Link>
                      )}
                    </li>
                  );
                })}
              </ul>
            </div>
          ))}
        </nav>
      </div>

      <div className={styles.bottom}>
        <p className={styles.copyright}>{t('footer.copyright', { year: new Date().getFullYear() })}</p>
        {social.length ? (
          <div className={styles.social} data-testid="footer-social">
            <span className={styles.socialTitle}>{t('footer.follow_us')}</span>
            <ul role="list" className={styles.socialList}>
              {social.map(({ network, name, url, Icon }) => (
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
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </footer>
  );
}
