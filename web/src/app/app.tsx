import { lazy, Suspense, useSyncExternalStore, type ComponentType } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { Loader } from '../components/loader';
import { AuthProvider } from './auth';
import { PageErrorBoundary } from './page-error';
import { AppRoutes } from './router';
import '../lib/i18n';
import { queryClient } from '../lib/query-client';
import { subscribeToastsWanted, toastsWanted } from '../lib/toast';

/**
 * The toasts' container and react-toastify come with the first toast (most visits show none: ~10 KB gzip
 * not downloaded); the toasts asked for before it has arrived are shown once it has (lib/toast.ts). If
 * their chunk cannot be fetched (a flaky network), the page goes on without toasts: a lazy component's
 * failure would otherwise reach the root and take the whole page down.
 */
const Toasts = lazy<ComponentType>(() =>
  import('../components/toasts').then(
    (module) => ({ default: module.Toasts }),
    () => ({ default: () => null }),
  ),
);

export function App() {
  const withToasts = useSyncExternalStore(subscribeToastsWanted, toastsWanted);
  return (
    <Suspense fallback={<Loader />}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <PageErrorBoundary>
            <BrowserRouter>
              <AppRoutes />
            </BrowserRouter>
          </PageErrorBoundary>
          {withToasts && (
            <Suspense fallback={null}>
              <Toasts />
            </Suspense>
          )}
        </AuthProvider>
      </QueryClientProvider>
    </Suspense>
  );
}
