import path from 'node:path';
import { settingsSchema, SettingsError, type Settings } from './settingsSchema';

/**
 * The store's settings: the schema by concern (./settingsSchema), where each part is (./addresses), and what
 * production refuses (./productionSafety), read here from the environment. Importers read all three from this file.
 */
export * from './settingsSchema';
export * from './addresses';
export * from './productionSafety';

/** Parses settings from an environment-like object; empty strings count as unset. */
export function parseSettings(env: Record<string, string | undefined>): Settings {
  const present = Object.fromEntries(
    Object.keys(settingsSchema.shape)
      .map((key) => [key, env[key]] as const)
      .filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = settingsSchema.safeParse(present);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new SettingsError(`Invalid settings:\n  ${problems.join('\n  ')}`);
  }
  const { SWEEP_INTERVAL_MS: interval, SWEEP_LEASE_MS: lease } = result.data;
  if (interval > 0 && lease >= interval) {
    // A dead instance's claims must come back within one interval of the instances still running.
    throw new SettingsError(`Invalid settings:\n  SWEEP_LEASE_MS (${lease}) must be shorter than SWEEP_INTERVAL_MS (${interval}).`);
  }
  return result.data;
}

/** Reads `.env` (if any) beneath the process environment, then parses. */
export function loadSettings(projectRoot = process.cwd()): Settings {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require('dotenv').config({ path: path.join(projectRoot, '.env'), quiet: true });
  return parseSettings(process.env);
}
