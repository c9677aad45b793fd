import path from 'node:path';
import runAlone from './suitesRunAlone.json';
import { acquireSuiteLock, releaseSuiteLock, type SuiteMode } from '../../scripts/stack/testing/suiteLock';

/**
 * The system suites run on two jest workers over one shared stack: a suite runs beside another unless
 * ./suitesRunAlone.json names it, with why it must have the machine (or the stack's shared state) alone. Every other
 * suite keeps to its own players, orders and faults (test/support/paymentsHarness.ts clears only the faults its suite
 * set). ./systemSequencer.js starts the suites that share first, so the two workers run them side by side.
 */
const RUN_ALONE: Readonly<Record<string, string>> = runAlone;

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
