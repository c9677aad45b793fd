// First, as in the browser entry: the app's modules in their one order (see appModules.ts).
import { AppProviders, AppRoutes, loadPagesAt, makeStore } from '../app/appModules';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { ServerStyleSheet } from 'styled-components';
import type { Shelf } from '../../shared/catalogue';
import type { PublicConfig } from '../../shared/publicConfig';
import { providePageShelf } from '../config/pageShelf';
import { PageTitleCollector } from '../hooks/usePageTitle';

/** One page as the build renders it: its markup, its styles (critical CSS, inline), and its title (../../server/http/pageRenderer). */
export interface RenderedPage {
  html: string;
  styles: string;
  title: string;
}

/**
 * Renders the page at `path` as a visitor who is not signed in first sees it, with `config` (whose text is
 * tokens the server fills in with its own settings), showing `shelf` where it shows the packs (the server embeds the
 * same shelf in the page, which hydrates with it). Run once per page in a process of its own, so the components' class
 * names are counted exactly as in a browser that opens that page.
 */
export async function renderPage(path: string, config: PublicConfig, shelf: Shelf): Promise<RenderedPage> {
  providePageShelf(shelf);
  await loadPagesAt(path);
  const store = makeStore(undefined, { runSagas: false });
  const sheet = new ServerStyleSheet();
  let title = '';
  try {
    const html = renderToString(
      sheet.collectStyles(
        <StrictMode>
          <PageTitleCollector.Provider value={(collected) => (title = collected)}>
            <AppProviders store={store} config={config}>
              <StaticRouter location={path}>
                <AppRoutes />
              </StaticRouter>
            </AppProviders>
          </PageTitleCollector.Provider>
        </StrictMode>,
      ),
    );
    return { html, styles: sheet.getStyleTags(), title };
  } finally {
    sheet.seal();
  }
}
