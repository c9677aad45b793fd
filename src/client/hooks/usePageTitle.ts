import { useEffect } from 'react';
import { useAppConfig } from '../config/appConfig';

/** Sets the document title to "<page> · <game>", or just the store name for the landing page. */
export function usePageTitle(pageTitle?: string, options: { skip?: boolean } = {}): void {
  const { gameName } = useAppConfig();
  const { skip = false } = options;
  useEffect(() => {
    if (skip) return;
    document.title = pageTitle ? `${pageTitle} · ${gameName}` : `${gameName} · Official Store`;
  }, [pageTitle, gameName, skip]);
}
