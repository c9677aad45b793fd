import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import type { Saga } from 'redux-saga';
import { RECEIPT_ROUTE, ROUTES, SUPPORT_ORDER_ROUTE } from '../../shared/routes';
import { startFeatureSagas } from './featureRuntime';
import { AppLayout } from './layout/AppLayout';

type Feature = () => Promise<{ featureSagas: readonly Saga[] }>;
/** A page's module: its component, and what it needs loaded before its first render, if anything. */
type PageModule = { default: ComponentType; beforeFirstRender?: () => Promise<unknown> };

/**
 * Each page is its own chunk, fetched when the router first needs it, with the features it needs (their
 * state injects itself as it loads; their sagas start here, before the page renders).
 */
const page =
  (load: () => Promise<PageModule>, ...features: Feature[]) =>
  async () => {
    const [module, ...loaded] = await Promise.all([load(), ...features.map((feature) => feature())]);
    startFeatureSagas(loaded.flatMap((feature) => feature.featureSagas));
    await module.beforeFirstRender?.();
    return { Component: module.default };
  };

const signIn: Feature = () => import(/* webpackChunkName: "feature-signin" */ '../features/auth/feature');
const shop: Feature = () => import(/* webpackChunkName: "feature-shop" */ '../features/shop/feature');
const checkout: Feature = () => import(/* webpackChunkName: "feature-checkout" */ '../features/payment/feature');
const orders: Feature = () => import(/* webpackChunkName: "feature-orders" */ '../features/transactions/feature');
const limits: Feature = () => import(/* webpackChunkName: "feature-limits" */ '../features/limits/feature');
const offers: Feature = () => import(/* webpackChunkName: "feature-offers" */ '../features/offers/feature');
const support: Feature = () => import(/* webpackChunkName: "feature-support" */ '../features/support/feature');

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    // While the first page's chunk loads, show the same frame with an empty main area.
    HydrateFallback: AppLayout,
    children: [
      {
        path: ROUTES.home,
        lazy: page(() => import(/* webpackChunkName: "route-home" */ '../features/home/HomePage')),
      },
      {
        path: ROUTES.shop,
        lazy: page(() => import(/* webpackChunkName: "route-shop" */ './shopRoute'), shop, checkout, limits, offers),
      },
      {
        path: ROUTES.signInSignUp,
        lazy: page(() => import(/* webpackChunkName: "route-signin" */ '../features/auth/SignInSignUpPage'), signIn),
      },
      {
        path: ROUTES.resetPassword,
        lazy: page(() => import(/* webpackChunkName: "route-reset-password" */ '../features/auth/ResetPasswordPage'), signIn),
      },
      {
        path: ROUTES.paymentSuccess,
        lazy: page(
          () => import(/* webpackChunkName: "route-payment-success" */ '../features/payment/PaymentSuccessPage'),
          checkout,
        ),
      },
      {
        path: ROUTES.aboutUs,
        lazy: page(() => import(/* webpackChunkName: "route-about-us" */ '../features/information/AboutUsPage')),
      },
      {
        path: ROUTES.privacyPolicy,
        lazy: page(
          () => import(/* webpackChunkName: "route-privacy-policy" */ '../features/information/PrivacyPolicyPage'),
        ),
      },
      {
        path: ROUTES.refundPolicy,
        lazy: page(
          () => import(/* webpackChunkName: "route-refund-policy" */ '../features/information/RefundPolicyPage'),
        ),
      },
      {
        path: ROUTES.termsOfService,
        lazy: page(
          () => import(/* webpackChunkName: "route-terms-of-service" */ '../features/information/TermsOfServicePage'),
        ),
      },
      {
        path: ROUTES.orders,
        lazy: page(() => import(/* webpackChunkName: "route-orders" */ '../features/transactions/OrdersPage'), orders, limits),
      },
      {
        path: ROUTES.guardianConsent,
        lazy: page(() => import(/* webpackChunkName: "route-guardian-consent" */ '../features/limits/GuardianConsentPage'), limits),
      },
      {
        path: ROUTES.limits,
        lazy: page(() => import(/* webpackChunkName: "route-limits" */ '../features/limits/LimitsPage'), limits),
      },
      {
        path: RECEIPT_ROUTE,
        lazy: page(() => import(/* webpackChunkName: "route-receipt" */ '../features/transactions/ReceiptPage'), orders),
      },
      {
        path: ROUTES.support,
        lazy: page(() => import(/* webpackChunkName: "route-support" */ '../features/support/SupportPage'), support),
      },
      {
        path: ROUTES.supportOffers,
        lazy: page(() => import(/* webpackChunkName: "route-support-offers" */ '../features/support/SupportOffersPage'), support),
      },
      {
        path: SUPPORT_ORDER_ROUTE,
        lazy: page(() => import(/* webpackChunkName: "route-support-order" */ '../features/support/SupportOrderPage'), support),
      },
      {
        path: '*',
        lazy: page(() => import(/* webpackChunkName: "route-not-found" */ '../features/notFound/NotFoundPage')),
      },
    ],
  },
];
