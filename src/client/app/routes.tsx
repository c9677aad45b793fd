import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { RECEIPT_ROUTE, ROUTES, SUPPORT_ORDER_ROUTE } from '../../shared/routes';
import { AppLayout } from './layout/AppLayout';

/** Each page is its own chunk, fetched when the router first needs it. */
const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
});

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
        lazy: page(() => import(/* webpackChunkName: "route-shop" */ '../features/shop/ShopPage')),
      },
      {
        path: ROUTES.signInSignUp,
        lazy: page(() => import(/* webpackChunkName: "route-signin" */ '../features/auth/SignInSignUpPage')),
      },
      {
        path: ROUTES.paymentSuccess,
        lazy: page(
          () => import(/* webpackChunkName: "route-payment-success" */ '../features/checkout/PaymentSuccessPage'),
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
        lazy: page(() => import(/* webpackChunkName: "route-orders" */ '../features/orders/OrdersPage')),
      },
      {
        path: RECEIPT_ROUTE,
        lazy: page(() => import(/* webpackChunkName: "route-receipt" */ '../features/orders/ReceiptPage')),
      },
      {
        path: ROUTES.support,
        lazy: page(() => import(/* webpackChunkName: "route-support" */ '../features/support/SupportPage')),
      },
      {
        path: SUPPORT_ORDER_ROUTE,
        lazy: page(() => import(/* webpackChunkName: "route-support-order" */ '../features/support/SupportOrderPage')),
      },
      {
        path: '*',
        lazy: page(() => import(/* webpackChunkName: "route-not-found" */ '../features/notFound/NotFoundPage')),
      },
    ],
  },
];
