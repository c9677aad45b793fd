// First: the app's modules in their one order (see app/appModules.ts).
import { AppProviders, AppRoutes, hydrationStateOf, initialStateFromBrowser, loadPagesAt, makeStore, prefetchPagesAt, startFeatureSagas } from './app/appModules';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { UNSAFE_createBrowserHistory, unstable_HistoryRouter as HistoryRouter } from 'react-router-dom';
import { readPublicConfig } from './config/appConfig';
import { isPaymentReturnLanding } from './features/payment';
import { configureFirebase } from './lib/firebase/firebaseConfig';
import { guardedHistory } from './lib/leaveGuard';
import { registerHistory, registerPrefetch } from './lib/navigation';
import { noteVisitSource } from './lib/visitSource';

async function start(): Promise<void> {
  const config = readPublicConfig();
  configureFirebase(config);
  // Where this visit came from, read before the app changes its address.
  noteVisitSource();
  // Field speed: its few kilobytes load beside the app, after the first paint like the app itself.
  void import(/* webpackChunkName: "rum" */ './lib/rum').then((rum) => rum.startRum());
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element.');
  const prerendered = container.hasChildNodes();

  const store = makeStore(initialStateFromBrowser(), { devTools: config.reduxDevTools });
  // The app's own history (react-router's declarative router runs on it): sagas move through it too, and a
  // page's leave animation holds moves through it (lib/leaveGuard).
  const history = guardedHistory(UNSAFE_createBrowserHistory({ window, v5Compat: true }));
  registerHistory(history);
  registerPrefetch(prefetchPagesAt);
  // Back from the provider (its return or cancel link): the checkout takes this visit from its first moment,
  // and moves it to the page that shows the order.
  if (isPaymentReturnLanding()) await startFeatureSagas((await import(/* webpackChunkName: "feature-payment" */ './features/payment/feature')).featureSagas);
  // The chunks of the page this visit shows load from now, alongside what the checkout asked the API; hydration
  // waits for them, since it must render the page itself, as prerendered (not the frame of a page still
  // loading). A plain page renders its frame meanwhile.
  const pagesLoaded = loadPagesAt(history.location.pathname);
  if (prerendered) await pagesLoaded;
  else pagesLoaded.catch(() => undefined); // the page itself asks again, and shows what went wrong

  const app = (
    <StrictMode>
      <AppProviders store={store} config={config} serverState={prerendered ? hydrationStateOf(store.getState()) : undefined}>
        <HistoryRouter history={history}>
          <AppRoutes />
        </HistoryRouter>
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
