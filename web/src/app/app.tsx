import { lazy, Suspense } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { Loader } from '../components/loader';
import { AuthProvider } from './auth';
import { router } from './router';
import '../lib/i18n';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

/** The toasts' container and react-toastify come after the first render: no page needs them to show. */
const Toasts = lazy(async () => ({ default: (await import('./toasts')).Toasts }));

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
