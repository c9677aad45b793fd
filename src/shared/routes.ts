/** Every page of the store. The client router and the server's not-found status both read this list. */
export const ROUTES = {
  home: '/',
  shop: '/shop',
  signInSignUp: '/signin-signup',
  paymentSuccess: '/payment-success',
  aboutUs: '/information/about-us',
  privacyPolicy: '/information/privacy-policy',
  refundPolicy: '/information/refund-policy',
  termsOfService: '/information/terms-of-service',
} as const;

export type RoutePath = (typeof ROUTES)[keyof typeof ROUTES];

const knownPaths = new Set<string>(Object.values(ROUTES));

/** True when the path (without query, trailing slash ignored) is one of the store's pages. */
export function isKnownPage(pathname: string): boolean {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return knownPaths.has(trimmed);
}
