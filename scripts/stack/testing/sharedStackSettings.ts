import { toPublicConfig } from '../../../src/server/config/publicConfig';
import type { Settings } from '../../../src/server/config/settings';
import type { PublicConfig } from '../../../src/shared/publicConfig';

/** The settings of the stack the system tests share (set by the global setup). */
export function sharedStackSettings(): Settings {
  const raw = process.env.TEST_STACK_SETTINGS;
  if (!raw) throw new Error('TEST_STACK_SETTINGS is not set: system tests run under the system jest project.');
  return JSON.parse(raw) as Settings;
}

export function sharedStackPublicConfig(): PublicConfig {
  return toPublicConfig(sharedStackSettings());
}
