import { useEffect } from 'react';
import { useAppConfig } from '../config/appConfig';

/** Sets the document title to "<page> · <game>", or just the store name for the landing page. */
export function usePageTitle(pageTitle?: string): void {
  const { gameName } = useAppConfig();
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} · ${gameName}` : `${gameName} · Official Store`;
  }, [pageTitle, gameName]);
}
