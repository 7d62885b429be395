import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { SitePage } from '@common/schemas/site';
import { Button } from '../../../components/button';
import { Loader } from '../../../components/loader';
import { Screen } from '../../../components/screen';
import { useCurrentLanguage } from '../../../lib/use-current-language';
import { useSitePage } from '../api/site-calls';
import { PageBlocks } from '../components/page-blocks';
import styles from '../site.module.css';

/** A built-in page (terms, privacy, legal notice, FAQ, how it works), written by the operator in content/legal/{lng}/. */
function SitePageView({ page }: { page: SitePage }) {
  const { t } = useTranslation('site');
  const lng = useCurrentLanguage();
  const { data, isPending, isError, refetch } = useSitePage(lng, page);
  useEffect(() => {
    if (data?.title) document.title = `${data.title} · Plume`;
  }, [data?.title]);

  if (isPending) return <Loader />;
  if (isError || !data)
    return (
      <Screen title={t(`titles.${page}`)} width="narrow">
        <p role="alert" className={styles.failure}>
          {t('load_failed')}
        </p>
        <Button variant="secondary" onClick={() => void refetch()}>
          {t('retry')}
        </Button>
      </Screen>
    );
  return (
    <Screen title={data.title} width="narrow">
      <article className={styles.card} data-testid="site-page">
        <PageBlocks blocks={data.blocks} />
      </article>
    </Screen>
  );
}

export const TermsPage = () => <SitePageView page="terms" />;
export const PrivacyPage = () => <SitePageView page="privacy" />;
export const LegalNoticePage = () => <SitePageView page="legal-notice" />;
export const FaqPage = () => <SitePageView page="faq" />;
export const HowItWorksPage = () => <SitePageView page="how-it-works" />;
