import { Suspense } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { TOAST_AUTO_CLOSE_MS } from '@common/constants';
import { Loader } from '../components/loader';
import { AuthProvider } from './auth';
import { router } from './router';
import './i18n';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

export function App() {
  return (
    <Suspense fallback={<Loader />}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <RouterProvider router={router} />
          <ToastContainer position="bottom-left" autoClose={TOAST_AUTO_CLOSE_MS} newestOnTop />
        </AuthProvider>
      </QueryClientProvider>
    </Suspense>
  );
}
