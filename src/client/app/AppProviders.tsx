import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { ThemeProvider } from 'styled-components';
import type { PublicConfig } from '../../shared/publicConfig';
import { AppConfigProvider } from '../config/appConfig';
import { GlobalStyle } from '../styles/GlobalStyle';
import { theme } from '../styles/theme';
import type { AppStore } from './store';

/** Everything a page needs around it: store, theme, global style and config. Tests use it too. */
export function AppProviders({
  store,
  config,
  children,
}: {
  store: AppStore;
  config: PublicConfig;
  children: ReactNode;
}) {
  return (
    <Provider store={store}>
      <AppConfigProvider config={config}>
        <ThemeProvider theme={theme}>
          <GlobalStyle />
          {children}
        </ThemeProvider>
      </AppConfigProvider>
    </Provider>
  );
}
