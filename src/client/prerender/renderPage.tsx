// First, as in the browser entry: the app's modules in their one order (see appModules.ts).
import { AppProviders, makeStore, routes } from '../app/appModules';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { ServerStyleSheet } from 'styled-components';
import type { PublicConfig } from '../../shared/publicConfig';
import { PageTitleCollector } from '../hooks/usePageTitle';

/** One page as the build renders it: its markup, its styles (critical CSS, inline), and its title. */
export interface RenderedPage {
  html: string;
  styles: string;
  title: string;
}

/**
 * Renders the page at `path` as a visitor who is not signed in first sees it, with `config` (whose text is
 * tokens the server fills in with its own settings). Run once per page in a process of its own, so the
 * components' class names are counted exactly as in a browser that opens that page.
 */
export async function renderPage(path: string, config: PublicConfig): Promise<RenderedPage> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status} instead of a page.`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const store = makeStore(undefined, { runSagas: false });
  const sheet = new ServerStyleSheet();
  let title = '';
  try {
    const html = renderToString(
      sheet.collectStyles(
        <StrictMode>
          <PageTitleCollector.Provider value={(collected) => (title = collected)}>
            <AppProviders store={store} config={config}>
              <StaticRouterProvider router={router} context={context} hydrate={false} />
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
