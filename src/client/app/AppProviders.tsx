import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { ThemeProvider } from 'styled-components';
import type { PublicConfig } from '../../shared/publicConfig';
import { AppConfigProvider } from '../config/appConfig';
import { GlobalStyle } from '../styles/GlobalStyle';
import { theme } from '../styles/theme';
import type { AppStore } from './store';
import type { RootState } from '../wiring/rootReducer';

/** Everything a page needs around it: store, theme, global style and config. Tests use it too. */
export function AppProviders({
  store,
  config,
  serverState,
  children,
}: {
  store: AppStore;
  config: PublicConfig;
  /** The state a prerendered page hydrates against (hydrationStateOf); the store's own state otherwise. */
  serverState?: RootState;
  children: ReactNode;
}) {
  return (
    <Provider store={store} serverState={serverState}>
      <AppConfigProvider config={config}>
        <ThemeProvider theme={theme}>
          <GlobalStyle />
          {children}
        </ThemeProvider>
      </AppConfigProvider>
    </Provider>
  );
}
