import { createContext, useContext, useEffect } from 'react';
import { useAppConfig } from '../config/appConfig';

/** Where the build-time renderer collects a page's title (an effect never runs there). */
export const PageTitleCollector = createContext<((title: string) => void) | null>(null);

/** "<page> · <game>", or the store's name for the landing page. */
export function documentTitle(gameName: string, pageTitle?: string): string {
  return pageTitle ? `${pageTitle} · ${gameName}` : `${gameName} · Official Store`;
}

/** Sets the document title to "<page> · <game>", or just the store name for the landing page. */
export function usePageTitle(pageTitle?: string, options: { skip?: boolean } = {}): void {
  const { gameName } = useAppConfig();
  const { skip = false } = options;
  const collect = useContext(PageTitleCollector);
  if (collect && !skip) collect(documentTitle(gameName, pageTitle));
  useEffect(() => {
    if (skip) return;
    document.title = documentTitle(gameName, pageTitle);
  }, [pageTitle, gameName, skip]);
}
