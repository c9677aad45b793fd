import type { PublicConfig } from '../../../shared/publicConfig';

/**
 * The store's public config, for the Firebase worker when a flow first needs it. Kept apart from the worker's client
 * (./index.ts) so the app's start sets it without bringing that client into every page's first load.
 */
let config: PublicConfig | null = null;

export function configureFirebase(publicConfig: PublicConfig): void {
  config = publicConfig;
}

export const firebaseConfig = (): PublicConfig | null => config;
