import { createContext, useContext, type ReactNode } from 'react';
import { PUBLIC_CONFIG_ELEMENT_ID, type PublicConfig } from '../../shared/publicConfig';

/** Reads the public config the server embedded in the page as inert JSON. */
export function readPublicConfig(doc: Document = document): PublicConfig {
  const element = doc.getElementById(PUBLIC_CONFIG_ELEMENT_ID);
  if (!element?.textContent) throw new Error('The page carries no store configuration.');
  return JSON.parse(element.textContent) as PublicConfig;
}

const AppConfigContext = createContext<PublicConfig | null>(null);

export function AppConfigProvider({ config, children }: { config: PublicConfig; children: ReactNode }) {
  return <AppConfigContext.Provider value={config}>{children}</AppConfigContext.Provider>;
}

export function useAppConfig(): PublicConfig {
  const config = useContext(AppConfigContext);
  if (!config) throw new Error('useAppConfig needs an <AppConfigProvider> above it.');
  return config;
}
