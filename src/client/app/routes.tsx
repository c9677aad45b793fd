import { use, type ComponentType } from 'react';
import { matchRoutes, useRoutes, type RouteObject } from 'react-router-dom';
import type { Saga } from 'redux-saga';
import { RECEIPT_ROUTE, ROUTES, SUPPORT_ORDER_ROUTE } from '../../shared/routes';
import { startFeatureSagas } from '../wiring/featureRuntime';
import { AppLayout } from './layout/AppLayout';

type Feature = () => Promise<{ featureSagas: readonly Saga[] }>;
/** A page's module: its component, and what it needs loaded before its first render, if anything. */
type PageModule = {
  default: ComponentType;
  beforeFirstRender?: () => Promise<unknown>;
  /** What a visit to the page at this query (`?item=3`) needs beyond the page: loaded ahead of a likely press. */
  prefetchFor?: (search: string) => Promise<unknown>;
};

/** A page that loads the first time it is needed: its chunk, and the features it needs. */
export interface LazyPage {
  /** Loads the page once (every later call answers the same promise) and starts its features' sagas. */
  load: () => Promise<ComponentType>;
  /** The page's component once loaded, to render without suspending. */
  loaded: ComponentType | null;
  /** Loads the page, and what a visit at `search` needs beyond it. */
  prefetch: (search: string) => Promise<void>;
}

/**
 * Each page is its own chunk, fetched when the app first needs it, with the features it needs (their state
 * injects itself as it loads; their sagas start here, before the page renders, so no action of it is missed).
 */
function page(loadModule: () => Promise<PageModule>, ...features: Feature[]): LazyPage {
  let loading: Promise<ComponentType> | null = null;
  let pageModule: PageModule | null = null;
  const lazyPage: LazyPage = {
    loaded: null,
    prefetch: async (search) => {
      await lazyPage.load();
      await pageModule?.prefetchFor?.(search);
    },
    load: () =>
      (loading ??= (async () => {
        const [module, ...loaded] = await Promise.all([loadModule(), ...features.map((feature) => feature())]);
        pageModule = module;
        await startFeatureSagas(loaded.flatMap((feature) => feature.featureSagas));
        await module.beforeFirstRender?.();
        lazyPage.loaded = module.default;
        return module.default;
      })().catch((error: unknown) => {
        loading = null; // a later visit tries again
        throw error;
      })),
  };
  return lazyPage;
}

/**
 * A route's page: rendered at once when loaded, else suspended while it loads. A move to another page happens
 * in a transition (the router's), so the page being left stays shown meanwhile; the very first render of a plain
 * page shows the frame with an empty main area (AppLayout's Suspense).
 */
function PageRoute({ page: lazyPage }: { page: LazyPage }) {
  const Page = lazyPage.loaded ?? use(lazyPage.load());
  return <Page />;
}

const signIn: Feature = () => import(/* webpackChunkName: "feature-signin" */ '../features/auth/feature');
const shop: Feature = () => import(/* webpackChunkName: "feature-shop" */ '../features/shop/feature');
const payment: Feature = () => import(/* webpackChunkName: "feature-payment" */ '../features/payment/feature');
const orders: Feature = () => import(/* webpackChunkName: "feature-orders" */ '../features/orders/feature');
const protections: Feature = () => import(/* webpackChunkName: "feature-protections" */ '../features/protections/feature');
const offers: Feature = () => import(/* webpackChunkName: "feature-offers" */ '../features/offers/feature');

/** Every page's address and its page, in the order they are matched. */
const PAGES: Array<{ path: string; page: LazyPage }> = [
  {
    path: ROUTES.home,
    page: page(() => import(/* webpackChunkName: "route-home" */ '../features/home/HomePage')),
  },
  // The payment feature loads with the payment screens, when a pack is chosen (shopRoute.tsx).
  {
    path: ROUTES.shop,
    page: page(() => import(/* webpackChunkName: "route-shop" */ './shopRoute'), shop, protections, offers),
  },
  {
    path: ROUTES.signInSignUp,
    page: page(() => import(/* webpackChunkName: "route-signin" */ '../features/auth/SignInSignUpPage'), signIn),
  },
  {
    path: ROUTES.resetPassword,
    page: page(() => import(/* webpackChunkName: "route-reset-password" */ '../features/auth/ResetPasswordPage'), signIn),
  },
  {
    path: ROUTES.paymentSuccess,
    page: page(
      () => import(/* webpackChunkName: "route-payment-success" */ '../features/payment/PaymentSuccessPage'),
      payment,
    ),
  },
  {
    path: ROUTES.aboutUs,
    page: page(() => import(/* webpackChunkName: "route-about-us" */ '../features/information/AboutUsPage')),
  },
  {
    path: ROUTES.privacyPolicy,
    page: page(
      () => import(/* webpackChunkName: "route-privacy-policy" */ '../features/information/PrivacyPolicyPage'),
    ),
  },
  {
    path: ROUTES.refundPolicy,
    page: page(
      () => import(/* webpackChunkName: "route-refund-policy" */ '../features/information/RefundPolicyPage'),
    ),
  },
  {
    path: ROUTES.termsOfService,
    page: page(
      () => import(/* webpackChunkName: "route-terms-of-service" */ '../features/information/TermsOfServicePage'),
    ),
  },
  {
    path: ROUTES.orders,
    page: page(() => import(/* webpackChunkName: "route-orders" */ '../features/orders/OrdersPage'), orders, protections),
  },
  {
    path: ROUTES.gemStatement,
    page: page(() => import(/* webpackChunkName: "route-gem-statement" */ '../features/statement/StatementPage')),
  },
  {
    path: ROUTES.privacy,
    page: page(() => import(/* webpackChunkName: "route-your-data" */ '../features/privacy/PrivacyPage')),
  },
  {
    path: ROUTES.rewards,
    page: page(() => import(/* webpackChunkName: "route-rewards" */ '../features/rewards/RewardsPage')),
  },
  {
    path: ROUTES.guardianConsent,
    page: page(() => import(/* webpackChunkName: "route-guardian-consent" */ '../features/protections/GuardianConsentPage'), protections),
  },
  {
    path: ROUTES.limits,
    page: page(() => import(/* webpackChunkName: "route-limits" */ '../features/protections/LimitsPage'), protections),
  },
  {
    path: RECEIPT_ROUTE,
    page: page(() => import(/* webpackChunkName: "route-receipt" */ '../features/orders/ReceiptPage')),
  },
  {
    path: ROUTES.support,
    page: page(() => import(/* webpackChunkName: "route-support" */ '../features/support/SupportPage')),
  },
  {
    path: ROUTES.supportOffers,
    page: page(() => import(/* webpackChunkName: "route-support-offers" */ '../features/support/offers/SupportOffersPage')),
  },
  {
    path: ROUTES.supportOverview,
    page: page(() => import(/* webpackChunkName: "route-support-overview" */ '../features/support/overview/SupportOverviewPage')),
  },
  {
    path: ROUTES.supportDailyGifts,
    page: page(() => import(/* webpackChunkName: "route-support-daily-gifts" */ '../features/support/dailyGifts/SupportDailyGiftsPage')),
  },
  {
    path: ROUTES.supportCreators,
    page: page(() => import(/* webpackChunkName: "route-support-creators" */ '../features/support/creators/SupportCreatorsPage')),
  },
  {
    path: ROUTES.supportPrivacy,
    page: page(() => import(/* webpackChunkName: "route-support-privacy" */ '../features/support/privacy/SupportPrivacyPage')),
  },
  {
    path: ROUTES.supportRisk,
    page: page(() => import(/* webpackChunkName: "route-support-risk" */ '../features/support/risk/SupportRiskPage')),
  },
  {
    path: ROUTES.supportCatalogue,
    page: page(() => import(/* webpackChunkName: "route-support-catalogue" */ '../features/support/catalogue/SupportCataloguePage')),
  },
  {
    path: ROUTES.supportDisputes,
    page: page(() => import(/* webpackChunkName: "route-support-disputes" */ '../features/support/disputes/SupportDisputesPage')),
  },
  {
    path: SUPPORT_ORDER_ROUTE,
    page: page(() => import(/* webpackChunkName: "route-support-order" */ '../features/support/orders/SupportOrderPage')),
  },
  {
    path: '*',
    page: page(() => import(/* webpackChunkName: "route-not-found" */ '../features/notFound/NotFoundPage')),
  },
];

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: PAGES.map(({ path, page: lazyPage }) => ({ path, element: <PageRoute page={lazyPage} />, handle: lazyPage })),
  },
];

/** The routed pages inside whichever router the app runs in (the browser's, the prerenderer's, a test's). */
export function AppRoutes() {
  return useRoutes(routes);
}

/**
 * Loads the pages `pathname` shows, before a first render that must show them at once: a prerendered page's
 * hydration (it must match the markup) and the prerenderer itself.
 */
export async function loadPagesAt(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(matches.map(({ route }) => (route.handle as LazyPage | undefined)?.load()));
}

/** Loads ahead what the page at `to` ("/shop?item=3") will need (lib/navigation's prefetchPage). */
export async function prefetchPagesAt(to: string): Promise<void> {
  const { pathname, search } = new URL(to, 'https://store.invalid');
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(matches.map(({ route }) => (route.handle as LazyPage | undefined)?.prefetch(search)));
}
