import path from 'node:path';
import { acquireSuiteLock, releaseSuiteLock, type SuiteMode } from '../../scripts/stack/testing/suiteLock';

/**
 * The system suites run on two jest workers over one shared stack: a suite runs beside another unless it is named
 * here, with why it must have the machine (or the stack's shared state) alone. Every other suite keeps to its own
 * players, orders and faults (test/support/paymentsHarness.ts clears only the faults its suite set).
 */
const RUN_ALONE: Readonly<Record<string, string>> = {
  'startCommand.test.ts': 'starts and kills whole `npm start` stacks, and times their saves',
  'scale.test.ts': 'three instances, nginx and a storm: the whole machine',
  'instances.test.ts': 'three API instances racing the limits',
  'providerChecks.test.ts': 'a stack of its own, and a thousand requests racing',
  'catalogue.test.ts': 'publishes the catalogue every shop reads',
  'offers.test.ts': 'starts and ends the store-wide offers every purchase reads',
  'dailyGift.test.ts': "moves the shared store's clock, and counts every refusal the game's stand-in made",
  'gameDelivery.test.ts': "has the game's stand-in fail and refuse on purpose",
  'books.test.ts': "holds the store's books against the game's after each move",
  'purchase.test.ts': 'slows the provider for every payment (a fault of the whole sandbox)',
  'buyAgain.test.ts': 'slows the provider for every payment (a fault of the whole sandbox)',
  'paymentsApi.test.ts': 'makes the provider fail every payment for a while (a fault of the whole sandbox)',
  'earlyInput.test.ts': "times keystrokes and presses against the app's start",
  'earlyTyping.test.ts': "times keystrokes against the app's start",
  'release.test.ts': 'builds and installs a release into an empty folder',
  'accounts.test.ts': "holds a password reset's answer times for known and unknown addresses within 20 ms of each other",
  'gameSignIn.test.ts': "holds the browser's question to within 2 s of the game's confirmation",
  'protections.test.ts': "holds the waiting checkout's opening to within 5 s of the guardian's consent",
};

const suite = path.basename(expect.getState().testPath ?? '');
const mode: SuiteMode = suite in RUN_ALONE ? 'alone' : 'shared';
const holder = `${process.pid} ${suite}`;
const lockUrl = process.env.SUITE_LOCK_URL;
// Waiting for the machine is not the suite's time: a long wait behind a suite that runs alone is expected.
const LONGEST_WAIT_MS = 60 * 60_000;

if (lockUrl) {
  beforeAll(() => acquireSuiteLock(lockUrl, holder, mode), LONGEST_WAIT_MS);
  afterAll(() => releaseSuiteLock(lockUrl, holder));
}
