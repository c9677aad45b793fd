import fs from 'node:fs';
import { turnsSummary } from './suiteLock';

/** Stops the shared stack, then fails the run if any of its processes tried to leave 127.0.0.0/8. */
export default async function stopTestStack(): Promise<void> {
  const turns = globalThis.suiteLock?.turns() ?? [];
  if (turns.length > 1) console.log(`\n${turnsSummary(turns, 20)}`);
  await globalThis.suiteLock?.stop();
  await globalThis.testStack?.stop();
  const log = process.env.LOOPBACK_GUARD_LOG;
  const violations = log && fs.existsSync(log) ? fs.readFileSync(log, 'utf8').trim() : '';
  if (violations) throw new Error(`A process of the test stack tried to reach outside 127.0.0.0/8:\n${violations}`);
}
