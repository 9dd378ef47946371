// Every route of SPEC §2. Screens are lazy so the first load carries only the router, auth and the
// shell it needs; a failed chunk load reaches RouteErrorScreen, which reloads once.
import { EMAIL_LINK_PAGES, KNAP_GATED_ROUTES, SIGNIN_PATH } from '@knap/contracts';
import { Navigate, type RouteObject } from 'react-router';
import { RequireAuth } from '../features/auth/components/require-auth';
import { KnapGate } from '../features/knaps/components/knap-gate';
import { RouteErrorScreen } from './errors/route-error-screen';
import { lazyScreen } from './lazy-screen';
import { NotFoundPage } from './not-found-page';
import { RootLayout } from './root-layout';

const AppShell = lazyScreen(() => import('./shell/app-shell'), 'AppShell');

const SignInPage = lazyScreen(() => import('../features/auth/pages/signin-page'), 'SignInPage');
const AuthCallbackPage = lazyScreen(
  () => import('../features/auth/pages/auth-callback-page'),
  'AuthCallbackPage',
);
const AuthGhostPage = lazyScreen(() => import('../features/auth/pages/auth-ghost-page'), 'AuthGhostPage');
const ConnectionsGhostPage = lazyScreen(
  () => import('../features/connections/connections-ghost-page'),
  'ConnectionsGhostPage',
);
const SevantaPage = lazyScreen(() => import('../features/sevanta/sevanta-page'), 'SevantaPage');

const AdminPage = lazyScreen(() => import('../features/admin/admin-page'), 'AdminPage');
const AdminChatPage = lazyScreen(() => import('../features/admin/admin-chat-page'), 'AdminChatPage');

const ChatPage = lazyScreen(() => import('../features/chat/chat-page'), 'ChatPage');
const ConnectionsPage = lazyScreen(
  () => import('../features/connections/connections-page'),
  'ConnectionsPage',
);
const LibraryPage = lazyScreen(() => import('../features/library/library-page'), 'LibraryPage');
const NewsletterGeneratorPage = lazyScreen(
  () => import('../features/newsletter/newsletter-generator-page'),
  'NewsletterGeneratorPage',
);
const QuarterlyNewsletterPage = lazyScreen(
  () => import('../features/newsletter/quarterly-newsletter-page'),
  'QuarterlyNewsletterPage',
);
const FirstImpressionsPage = lazyScreen(
  () => import('../features/first-impressions/first-impressions-page'),
  'FirstImpressionsPage',
);
const ClientReviewListPage = lazyScreen(
  () => import('../features/client-review/client-review-list-page'),
  'ClientReviewListPage',
);
const ClientReviewDetailPage = lazyScreen(
  () => import('../features/client-review/client-review-detail-page'),
  'ClientReviewDetailPage',
);
const ClientReviewNewPage = lazyScreen(
  () => import('../features/client-review/client-review-new-page'),
  'ClientReviewNewPage',
);
const DocumentPage = lazyScreen(() => import('../features/documents/document-page'), 'DocumentPage');
const SentPage = lazyScreen(() => import('../features/sent/sent-page'), 'SentPage');
const SentEmailPage = lazyScreen(() => import('../features/sent/sent-email-page'), 'SentEmailPage');
const OnboardingPage = lazyScreen(() => import('../features/onboarding/onboarding-page'), 'OnboardingPage');
const RequestKnapPage = lazyScreen(() => import('../features/knaps/request-knap-page'), 'RequestKnapPage');
const FinancialPlanPage = lazyScreen(
  () => import('../features/financial-plan/financial-plan-page'),
  'FinancialPlanPage',
);
const KnapsPage = lazyScreen(() => import('../features/knaps/knaps-page'), 'KnapsPage');
const CalendarPermissionsPage = lazyScreen(
  () => import('../features/notetaker/calendar-permissions-page'),
  'CalendarPermissionsPage',
);
const NotetakerPage = lazyScreen(() => import('../features/notetaker/notetaker-page'), 'NotetakerPage');
const VerifyEmailPage = lazyScreen(
  () => import('../features/auth/pages/verify-email-page'),
  'VerifyEmailPage',
);
const InvitationPage = lazyScreen(() => import('../features/auth/pages/invitation-page'), 'InvitationPage');
const BillingPage = lazyScreen(() => import('../features/billing/billing-page'), 'BillingPage');
const CheckoutPage = lazyScreen(() => import('../features/billing/checkout-page'), 'CheckoutPage');

type GatedPath = keyof typeof KNAP_GATED_ROUTES;

const gatedScreens: Record<GatedPath, ReturnType<typeof lazyScreen>> = {
  prospecting: lazyScreen(() => import('../features/prospecting/prospecting-page'), 'ProspectingPage'),
  'advanced-planning': lazyScreen(
    () => import('../features/advanced-planning/advanced-planning-page'),
    'AdvancedPlanningPage',
  ),
  coaching: lazyScreen(() => import('../features/coaching/coaching-page'), 'CoachingPage'),
  outreach: lazyScreen(() => import('../features/outreach/outreach-page'), 'OutreachPage'),
};

const gatedRoutes: RouteObject[] = (Object.keys(KNAP_GATED_ROUTES) as GatedPath[]).map((path) => {
  const Screen = gatedScreens[path];
  return {
    path,
    element: (
      <KnapGate knap={KNAP_GATED_ROUTES[path]}>
        <Screen />
      </KnapGate>
    ),
  };
});

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorScreen />,
    children: [
      { path: SIGNIN_PATH, element: <SignInPage /> },
      { path: '/auth/callback', element: <AuthCallbackPage /> },
      { path: '/auth/ghost', element: <AuthGhostPage /> },
      { path: '/auth/connections-ghost', element: <ConnectionsGhostPage /> },
      { path: '/sevanta', element: <SevantaPage /> },
      {
        element: <RequireAuth />,
        children: [
          { path: '/admin', element: <AdminPage /> },
          { path: '/admin/chat/:chatId', element: <AdminChatPage /> },
          {
            path: '/',
            element: <AppShell />,
            children: [
              { index: true, element: <Navigate to="/chat" replace /> },
              { path: 'chat', element: <ChatPage /> },
              { path: 'connections', element: <ConnectionsPage /> },
              { path: 'library', element: <LibraryPage /> },
              { path: 'newsletter-generator', element: <NewsletterGeneratorPage /> },
              { path: 'quarterly-newsletter', element: <QuarterlyNewsletterPage /> },
              { path: 'first-impressions', element: <FirstImpressionsPage /> },
              { path: 'client-review', element: <ClientReviewListPage /> },
              { path: 'client-review/new', element: <ClientReviewNewPage /> },
              { path: 'client-review/:id', element: <ClientReviewDetailPage /> },
              { path: 'onboarding', element: <OnboardingPage /> },
              // Every email sent or held for the user (issue 25); not in SPEC §2's list.
              { path: 'sent', element: <SentPage /> },
              { path: 'documents/:id', element: <DocumentPage /> },
              { path: 'sent/:id', element: <SentEmailPage /> },
              { path: 'request-knap', element: <RequestKnapPage /> },
              { path: 'financial-plan', element: <FinancialPlanPage /> },
              { path: 'knaps', element: <KnapsPage /> },
              { path: 'calendar-permissions', element: <CalendarPermissionsPage /> },
              { path: 'notetaker', element: <NotetakerPage /> },
              // Where checkouts and the billing portal lead (BILLING_PATHS); not in SPEC §2's list.
              { path: 'billing', element: <BillingPage /> },
              { path: 'billing/checkout', element: <CheckoutPage /> },
              // Where the product's emails lead (EMAIL_LINK_PAGES).
              { path: EMAIL_LINK_PAGES.verifyEmail.slice(1), element: <VerifyEmailPage /> },
              { path: EMAIL_LINK_PAGES.invitation.slice(1), element: <InvitationPage /> },
              ...gatedRoutes,
              // SPEC §2: any other path inside the shell; signed-out visitors go to sign-in first.
              { path: '*', element: <NotFoundPage /> },
            ],
          },
        ],
      },
    ],
  },
];
