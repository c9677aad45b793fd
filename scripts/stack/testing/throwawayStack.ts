import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseSettings, type Settings } from '../../../src/server/config/settings';
import { findFreePort } from '../network';

export const projectRoot = path.resolve(__dirname, '../../..');

/** Settings for a throwaway stack: every port free right now, so tests never meet a running `npm start`. */
export async function testStackSettings(overrides: Record<string, string> = {}): Promise<Settings> {
  const [port, devApiPort, firestorePort, authPort, sandboxPort, mailSmtpPort, mailWebPort, gameServerPort] = await Promise.all(
    Array.from({ length: 8 }, () => findFreePort()),
  );
  return parseSettings({
    PORT: String(port),
    DEV_API_PORT: String(devApiPort),
    FIRESTORE_EMULATOR_PORT: String(firestorePort),
    AUTH_EMULATOR_PORT: String(authPort),
    GATEWAY_SANDBOX_PORT: String(sandboxPort),
    MAIL_CATCHER_SMTP_PORT: String(mailSmtpPort),
    MAIL_CATCHER_WEB_PORT: String(mailWebPort),
    GAME_SERVER_PORT: String(gameServerPort),
    // Events for the game's server go out within a moment and are tried again soon, so tests see retries without waiting long.
    GAME_EVENTS_DISPATCH_INTERVAL_MS: '200',
    GAME_WEBHOOK_RETRY_FIRST_MS: '300',
    GAME_WEBHOOK_TIMEOUT_MS: '2000',
    // Owed emails go out within a moment, so tests read them from the catcher without waiting long.
    MAIL_DISPATCH_INTERVAL_MS: '250',
    // Quick enough for tests: a gateway that hangs is given up on in 2 s, callbacks retry fast, and the
    // sweep stays off so each test decides when pending transactions are re-checked.
    GATEWAY_TIMEOUT_MS: '2000',
    SANDBOX_CALLBACK_RETRY_MS: '200',
    SWEEP_INTERVAL_MS: '0',
    // The tests' own token for the sandbox controls, and limits no test reaches by accident
    // (src/server/http/rateLimits.test.ts holds the limits themselves to account).
    SANDBOX_CONTROL_TOKEN: crypto.randomBytes(16).toString('hex'),
    RATE_LIMIT_PAYMENTS_PER_MINUTE: '100000',
    RATE_LIMIT_PLAYER_PER_MINUTE: '100000',
    RATE_LIMIT_ANONYMOUS_PER_MINUTE: '100000',
    // Every browser of the tests is 127.0.0.1: a day's beacons from it all count.
    RUM_BEACONS_PER_ADDRESS_A_DAY: '100000',
    DAILY_GIFT_CLAIMS_PER_ADDRESS_A_DAY: '100000',
    // The daily gift's tests move its clock to another store day.
    TEST_CLOCK_CONTROL: 'true',
    // Beacons are written within a moment of coming, so tests read them soon.
    RUM_FLUSH_MS: '250',
    // The write meter on: every commit and read the API makes, for the tests and the bench that count them.
    FIRESTORE_METER_FILE: path.join(os.tmpdir(), `wyrmcrown-meter-${crypto.randomBytes(6).toString('hex')}.jsonl`),
    LOG_LEVEL: 'warn',
    ...overrides,
  });
}

/** What loads the loopback guard into a Node process, and where it reports (set by the global setup). */
export function loopbackGuardEnv(): NodeJS.ProcessEnv {
  const guard = path.join(__dirname, 'loopbackGuard.cjs');
  return { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --require ${guard}`.trim(), LOOPBACK_GUARD_LOG: process.env.LOOPBACK_GUARD_LOG };
}

export function makeTempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `wyrmcrown-${prefix}-`));
}
