import { render, type RenderResult } from '@testing-library/react';
import { UNSAFE_createMemoryHistory, unstable_HistoryRouter as HistoryRouter } from 'react-router-dom';
import { samplePlayer } from '../../../test/fixtures/samples';
import type { PublicConfig } from '../../shared/publicConfig';
import { AppProviders } from '../app/AppProviders';
import { AppRoutes, loadPagesAt } from '../app/routes';
import { makeStore, type AppStore } from '../app/store';
import type { RootState } from '../wiring/rootReducer';
import { authSlice } from '../features/auth';
import { guardedHistory, type AppHistory } from '../lib/leaveGuard';
import { registerHistory } from '../lib/navigation';

export const testConfig: PublicConfig = {
  gameName: 'Wyrmcrown',
  companyName: 'Test Studios',
  operatorLine: 'Operated in Australia by Test Distribution Pty Ltd',
  supportEmail: 'help@test.example',
  downloadUrl: 'https://files.test.example/game.apk',
  landingAnimationMs: 0,
  countriesUrl: '/api/countries',
  firebase: { apiKey: 'k', authDomain: 'demo-test.firebaseapp.com', projectId: 'demo-test', appId: 'a', databaseId: '(default)' },
  emulators: null,
  seller: { legalName: 'Test Distribution Pty Ltd', abn: '53 004 085 616' },
  timeZone: 'Australia/Sydney',
  checkoutTtlMs: 1_800_000,
  reduxDevTools: false,
  currentYear: 2026,
};

/** The store's state with the sample player signed in: `renderApp(path, { state: signedInState })`. */
export const signedInState: Partial<RootState> = { auth: { ...authSlice.getInitialState(), user: samplePlayer } };

export interface RenderAppResult extends RenderResult {
  store: AppStore;
  /** Every action dispatched so far, oldest first. */
  actions: Array<{ type: string; payload?: unknown }>;
  /** The app's history, as the browser's is: moves through it pass the leave guard. */
  history: AppHistory;
}

/**
 * The whole app (real routes, store and providers) in memory, at `path` once its route's page has loaded.
 * The wait is for modules, not for the screen: a route's page and features load lazily, and loading (and, under
 * Jest, transforming) a feature's module graph the first time in a file can take longer than a `findBy`'s 1 s on
 * a busy machine. Awaited here, without a time limit of its own, it leaves `findBy` to wait only for rendering.
 */
export async function renderApp(
  path = '/',
  options: { config?: Partial<PublicConfig>; state?: Partial<RootState> } = {},
): Promise<RenderAppResult> {
  // Sagas reach Firebase; component tests watch the actions instead (sagas have their own tests).
  const actions: RenderAppResult['actions'] = [];
  const store = makeStore(options.state, {
    runSagas: false,
    extraMiddleware: [() => (next) => (action) => {
      actions.push(action as RenderAppResult['actions'][number]);
      return next(action);
    }],
  });
  const history = guardedHistory(UNSAFE_createMemoryHistory({ initialEntries: [path], v5Compat: true }));
  await loadPagesAt(history.location.pathname);
  registerHistory(history);
  const result = render(
    <AppProviders store={store} config={{ ...testConfig, ...options.config }}>
      <HistoryRouter history={history}>
        <AppRoutes />
      </HistoryRouter>
    </AppProviders>,
  );
  return { ...result, store, history, actions };
}
