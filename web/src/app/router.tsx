import { isValidElement, Suspense, useEffect } from 'react';
import { matchRoutes, Navigate, Outlet, useLocation, useParams, type RouteObject, useRoutes } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Language } from '@common/constants';
import { arrivalPath, isLanguage } from '@common/languages';
import { Loader } from '../components/loader';
import { isPage, pageOf } from './page';
import { PageErrorBoundary } from './page-error';
import { useAuth } from './auth';
import { Layout } from './layout/layout';
import { i18n } from '../lib/i18n';
import { paths } from '../lib/paths';
import { queryClient } from '../lib/query-client';
import { COMMON_NAMESPACES, namespacesOf } from '@common/first-visit';

const page = pageOf((namespaces) => i18n.loadNamespaces(namespaces));

const HomePage = page(() => import('../features/home/home-page'), 'HomePage');
const LoginPage = page(() => import('../features/auth/pages/login-page'), 'LoginPage', namespacesOf('login'));
const RegisterPage = page(() => import('../features/auth/pages/register-page'), 'RegisterPage');
const ForgotPasswordPage = page(() => import('../features/auth/pages/forgot-password-page'), 'ForgotPasswordPage');
const ResetPasswordPage = page(() => import('../features/auth/pages/reset-password-page'), 'ResetPasswordPage');
const ThankYouRegisterPage = page(() => import('../features/auth/pages/thank-you-register-page'), 'ThankYouRegisterPage');
const ProfileRoute = page(() => import('./routes/profile-route'), 'ProfileRoute');
const MyBooksPage = page(() => import('../features/books/pages/my-books-page'), 'MyBooksPage');
const GeneralCategoriesPage = page(
  () => import('../features/catalog/general-categories-page'),
  'GeneralCategoriesPage',
  [],
  async ({ lang, serviceId = '' }) => {
    if (!isLanguage(lang)) return;
    const { generalCategoriesQuery } = await import('../features/catalog/api/get-general-categories');
    await queryClient.prefetchQuery(generalCategoriesQuery(serviceId, lang));
  },
);
const OptionsPage = page(
  () => import('../features/book-start/pages/options-page'),
  'OptionsPage',
  namespacesOf('general-categories-options/:serviceId/:categoryId'),
  async ({ lang, categoryId = '' }) => {
    if (!isLanguage(lang)) return;
    const [{ lookupsQuery }, { toolsQuery }] = await Promise.all([
      import('../features/book-start/api/get-lookups'),
      import('../features/book-start/api/get-tools'),
    ]);
    await Promise.all([queryClient.prefetchQuery(lookupsQuery(categoryId, lang)), queryClient.prefetchQuery(toolsQuery(lang))]);
  },
);
const WorkspaceRoute = page(
  () => import('./routes/workspace-route'),
  'WorkspaceRoute',
  namespacesOf('questions/:sessionId'),
  async ({ sessionId }) => (await import('../features/workspace/api/get-session')).prefetchSession(Number(sessionId)),
);
const PaymentPage = page(() => import('../features/payments/pages/payment-page'), 'PaymentPage');
const SubscriptionsPage = page(() => import('../features/subscriptions/pages/subscriptions-page'), 'SubscriptionsPage');
const ManageSubscriptionsPage = page(() => import('../features/subscriptions/pages/manage-subscriptions-page'), 'ManageSubscriptionsPage');
const GiftCardPage = page(() => import('../features/gifts/pages/gift-card-page'), 'GiftCardPage');
const GiftCardPaymentPage = page(() => import('../features/gifts/pages/gift-card-payment-page'), 'GiftCardPaymentPage');
const GiftCardFormPage = page(() => import('../features/gifts/pages/gift-card-form-page'), 'GiftCardFormPage');
const RedeemGiftPage = page(() => import('../features/gifts/pages/redeem-gift-page'), 'RedeemGiftPage');
const AudiobookPaymentPage = page(() => import('../features/audiobook/pages/audiobook-payment-page'), 'AudiobookPaymentPage');
const AudiobookPage = page(() => import('../features/audiobook/pages/audiobook-page'), 'AudiobookPage');
const ThankYouPurchasePage = page(() => import('../features/payments/pages/thank-you-purchase-page'), 'ThankYouPurchasePage');
const PrintingPage = page(() => import('../features/printing/pages/printing-page'), 'PrintingPage');
const PrintingPaymentPage = page(() => import('../features/printing/pages/printing-payment-page'), 'PrintingPaymentPage');
const sitePages = () => import('../features/site/pages/site-page');
const TermsPage = page(sitePages, 'TermsPage');
const PrivacyPage = page(sitePages, 'PrivacyPage');
const LegalNoticePage = page(sitePages, 'LegalNoticePage');
const FaqPage = page(sitePages, 'FaqPage');
const HowItWorksPage = page(sitePages, 'HowItWorksPage');
const ContactPage = page(() => import('../features/site/pages/contact-page'), 'ContactPage');
const FamilyPage = page(() => import('../features/family/pages/family-page'), 'FamilyPage');
const ContributeRoute = page(() => import('./routes/contribute-route'), 'ContributeRoute');

/** `/` and unknown paths: the story choice in the current language (i18n.ts starts it on the arrival language). */
function Arrival() {
  const { i18n } = useTranslation();
  return <Navigate to={arrivalPath(i18n.language as Language)} replace />;
}

/** Checks the language segment, keeps i18next on it, scrolls to the top on every route change. */
function LanguageRoot() {
  const { lang } = useParams();
  const { i18n } = useTranslation();
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  useEffect(() => {
    if (isLanguage(lang) && i18n.resolvedLanguage !== lang) void i18n.changeLanguage(lang);
  }, [lang, i18n]);
  if (!isLanguage(lang)) return <Arrival />;
  return (
    <Layout>
      <PageErrorBoundary resetKey={pathname}>
        <Suspense fallback={<Loader fillsScreen />}>
          <Outlet />
        </Suspense>
      </PageErrorBoundary>
    </Layout>
  );
}

/** Login-only routes: a visitor goes to the login page of the current language, remembering the way back. */
function RequireLogin() {
  const { isLoggedIn } = useAuth();
  const { lang } = useParams();
  const location = useLocation();
  if (!isLoggedIn) return <Navigate to={paths.login(lang as Language)} replace state={{ from: location.pathname + location.search }} />;
  return <Outlet />;
}

const routes: RouteObject[] = [
  { path: '/', element: <Arrival /> },
  {
    path: '/:lang',
    element: <LanguageRoot />,
    children: [
      {
        element: <RequireLogin />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'my-books', element: <MyBooksPage /> },
          { path: 'subscriptions', element: <SubscriptionsPage /> },
          { path: 'manage-subscriptions', element: <ManageSubscriptionsPage /> },
          { path: 'profile', element: <ProfileRoute /> },
          { path: 'audiobook/:sessionId', element: <AudiobookPage /> },
          { path: 'family/:sessionId', element: <FamilyPage /> },
          { path: 'printing', element: <PrintingPage /> },
          { path: 'printing-payment', element: <PrintingPaymentPage /> },
        ],
      },
      { path: 'login', element: <LoginPage /> },
      { path: 'register', element: <RegisterPage /> },
      { path: 'forgot-password', element: <ForgotPasswordPage /> },
      { path: 'reset-password', element: <ResetPasswordPage /> },
      { path: 'general-categories/:serviceId', element: <GeneralCategoriesPage /> },
      { path: 'general-categories-options/:serviceId/:categoryId', element: <OptionsPage /> },
      { path: 'questions/:sessionId', element: <WorkspaceRoute /> },
      { path: 'payment', element: <PaymentPage /> },
      { path: 'gift-card', element: <GiftCardPage /> },
      { path: 'gift-card-payment', element: <GiftCardPaymentPage /> },
      { path: 'gift-card-form', element: <GiftCardFormPage /> },
      { path: 'redeem-gift', element: <RedeemGiftPage /> },
      { path: 'audiobook-payment', element: <AudiobookPaymentPage /> },
      { path: 'thankyou/purchase', element: <ThankYouPurchasePage /> },
      { path: 'thankyou/register', element: <ThankYouRegisterPage /> },
      { path: 'terms', element: <TermsPage /> },
      { path: 'privacy', element: <PrivacyPage /> },
      { path: 'legal-notice', element: <LegalNoticePage /> },
      { path: 'faq', element: <FaqPage /> },
      { path: 'how-it-works', element: <HowItWorksPage /> },
      { path: 'contact', element: <ContactPage /> },
      { path: 'contribute', element: <ContributeRoute /> },
      { path: '*', element: <Arrival /> },
    ],
  },
  { path: '*', element: <Arrival /> },
];

/**
 * The routes, in react-router's declarative mode (`BrowserRouter` in app.tsx): the app uses none of the data router's
 * loaders, actions or fetchers (a page's first reads are asked for by `Page.preload`), and `createBrowserRouter` would
 * bring them into the entry anyway, ~16 KB gzip. Navigations are transitions all the same (BrowserRouter's default).
 */
export function AppRoutes() {
  return useRoutes(routes);
}

// Every route change scrolls to the top (LanguageRoot), Back included: the browser's own restoring of the page's old position
// on Back could land after that scroll on a busy machine and leave the page scrolled down.
window.history.scrollRestoration = 'manual';

/**
 * The first page's chunk, its own texts and the data it first reads are asked for at once, beside the common texts (i18n.ts starts
 * them), instead of once those have arrived, the layout has rendered and the page's chunk has run: two round
 * trips less before a first visit shows its page.
 */
for (const { route, params } of matchRoutes(routes, window.location) ?? []) {
  if (isValidElement(route.element) && isPage(route.element.type)) route.element.type.preload(params).catch(() => undefined); // the page's own render reports a failure
}

/** The common texts (the header's, the footer's): the first render waits for them rather than suspend (see `Page`). */
export const commonTexts: Promise<unknown> = i18n.loadNamespaces([...COMMON_NAMESPACES]).catch(() => undefined);
