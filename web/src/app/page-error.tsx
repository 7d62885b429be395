import { useEffect, type ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { useTranslation } from 'react-i18next';
import { Button } from '../components/button';
import { Screen } from '../components/screen';
import { contentShown } from '../lib/page-shown';

/**
 * What stands for a page that failed to render: most often its chunk could not be fetched (a flaky network, or a
 * new version deployed since the tab opened, whose files have other names). A lazy page that failed stays failed,
 * so the way on is to load the page again.
 */
function PageError() {
  const { t } = useTranslation('common');
  useEffect(contentShown, []);
  return (
    <Screen title={t('page_error.title')} lead={t('page_error.body')}>
      <Button onClick={() => window.location.reload()}>{t('try_again')}</Button>
    </Screen>
  );
}

/** Catches what a page throws as it renders; `resetKey` (the path) tries again after a navigation. */
export function PageErrorBoundary({ resetKey, children }: { resetKey?: string; children: ReactNode }) {
  return (
    <ErrorBoundary FallbackComponent={PageError} resetKeys={[resetKey]}>
      {children}
    </ErrorBoundary>
  );
}
