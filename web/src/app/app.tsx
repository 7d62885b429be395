import { lazy, Suspense, type ComponentType } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { Loader } from '../components/loader';
import { AuthProvider } from './auth';
import { router } from './router';
import '../lib/i18n';
import { queryClient } from '../lib/query-client';

/**
 * The toasts' container and react-toastify come after the first render: no page needs them to show. If
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
  return (
    <Suspense fallback={<Loader />}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <RouterProvider router={router} />
          <Suspense fallback={null}>
            <Toasts />
          </Suspense>
        </AuthProvider>
      </QueryClientProvider>
    </Suspense>
  );
}
