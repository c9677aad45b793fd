import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from './app/AppProviders';
import { startFeatureSagas } from './app/featureRuntime';
import { routes } from './app/routes';
import { initialStateFromBrowser, makeStore } from './app/store';
import { readPublicConfig } from './config/appConfig';
import { isCheckoutLanding } from './features/checkout';
import { configureFirebase } from './lib/firebase';
import { registerNavigator } from './lib/navigation';

async function start(): Promise<void> {
  const config = readPublicConfig();
  configureFirebase(config);
  // The router first: the sagas the store starts may navigate straight away (the provider's return).
  const router = createBrowserRouter(routes);
  registerNavigator(router.navigate);
  const store = makeStore(initialStateFromBrowser(), { devTools: config.reduxDevTools });
  // Back from the provider (its return or cancel link): the checkout takes this visit from its first moment.
  if (isCheckoutLanding()) startFeatureSagas((await import(/* webpackChunkName: "feature-checkout" */ './features/checkout/feature')).featureSagas);

  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element.');
  createRoot(container).render(
    <StrictMode>
      <AppProviders store={store} config={config}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

start().catch((error: unknown) => {
  // Spec §8: a start-up failure is logged. We also tell the visitor rather than leave a blank page.
  console.error('The store could not start', error);
  const container = document.getElementById('root');
  if (container) container.textContent = 'The store could not start. Please reload the page.';
});
