// First: the app's modules in their one order (see app/appModules.ts).
import { AppProviders, hydrationStateOf, initialStateFromBrowser, makeStore, routes, startFeatureSagas } from './app/appModules';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router-dom';
import { readPublicConfig } from './config/appConfig';
import { isCheckoutLanding } from './features/payment';
import { configureFirebase } from './lib/firebase';
import { registerNavigator } from './lib/navigation';

/**
 * Loads the modules of the routes this address matches before the router starts, so its first render is
 * the page itself, as prerendered (not the loading frame).
 */
async function loadMatchedRoutes(): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
}

async function start(): Promise<void> {
  const config = readPublicConfig();
  configureFirebase(config);
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element.');
  const prerendered = container.hasChildNodes();

  const store = makeStore(initialStateFromBrowser(), { devTools: config.reduxDevTools });
  if (prerendered) await loadMatchedRoutes();
  const router = createBrowserRouter(routes);
  registerNavigator(router.navigate);
  // Back from the provider (its return or cancel link): the checkout takes this visit from its first moment.
  if (isCheckoutLanding()) startFeatureSagas((await import(/* webpackChunkName: "feature-checkout" */ './features/payment/feature')).featureSagas);

  const app = (
    <StrictMode>
      <AppProviders store={store} config={config} serverState={prerendered ? hydrationStateOf(store.getState()) : undefined}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
  // In a transition, the first render (or hydration) yields to the browser every few milliseconds instead of
  // running as one long task: a signed-in page's input stays answered while it starts.
  if (!prerendered) {
    const root = createRoot(container);
    startTransition(() => root.render(app));
    return;
  }
  startTransition(() => {
    hydrateRoot(container, app, {
      onRecoverableError: (error) => console.error('The prerendered page did not match:', error),
    });
  });
}

/** Starts the store in the page: hydrates a prerendered page, or renders one. */
export function startApp(): Promise<void> {
  return start().catch((error: unknown) => {
    // Spec §8: a start-up failure is logged. We also tell the visitor rather than leave a blank page.
    console.error('The store could not start', error);
    const container = document.getElementById('root');
    if (container) container.textContent = 'The store could not start. Please reload the page.';
  });
}
