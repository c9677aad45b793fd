/**
 * The app's modules, loaded in one fixed order by both the browser's start (startApp.tsx) and the
 * build-time renderer (prerender/renderPage.tsx). styled-components names each component's class by the order its
 * styled() call runs in, so the prerendered HTML hydrates only if both load the app in the same order:
 * each imports this module first.
 */
export { AppProviders } from './AppProviders';
export { startFeatureSagas } from '../wiring/featureRuntime';
export { AppRoutes, loadPagesAt, prefetchPagesAt } from './routes';
export { hydrationStateOf, initialStateFromBrowser, makeStore } from './store';
