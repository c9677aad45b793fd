/**
 * Lets sagas move the visitor between pages through `call(navigate, to)`, without holding the router.
 * The app registers the router's navigate function once at start-up.
 */
export interface NavigateOptions {
  replace?: boolean;
}

type Navigator = (to: string, options?: NavigateOptions) => unknown;

let currentNavigator: Navigator | null = null;

export function registerNavigator(navigator: Navigator): void {
  currentNavigator = navigator;
}

export function navigate(to: string, options?: NavigateOptions): void {
  if (!currentNavigator) throw new Error('No router is registered for navigation.');
  void currentNavigator(to, options);
}
