import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * One machine, two jest workers: most system suites share the stack and the machine with one other suite; a few must
 * have them alone (test/support/machineShare.ts says which, and why). A readers-writer lock over HTTP, held by the jest
 * parent (globalSetup) for its workers: requests are granted in the order they came, so a suite waiting to run alone
 * is not passed by suites that would share, and waits only for those already running. A holder is named by its
 * worker's pid first (`${pid} ${suite}`).
 */
export type SuiteMode = 'shared' | 'alone';

interface Waiting {
  holder: string;
  mode: SuiteMode;
}

/** A suite's turn: how long it waited for the machine, and how long it held it (ms). */
export interface SuiteTurn {
  suite: string;
  mode: SuiteMode;
  waitedMs: number;
  heldMs: number;
}

export interface SuiteLock {
  url: string;
  /** The suites that held the lock and gave it back, in the order they finished. */
  turns(): SuiteTurn[];
  stop(): Promise<void>;
}

/** The suites that held the machine longest, for the run's end: where a minute of `npm test` can be won. */
export function turnsSummary(turns: readonly SuiteTurn[], count = 10): string {
  const seconds = (ms: number) => `${(ms / 1000).toFixed(0)} s`;
  const sum = (mode: SuiteMode) => turns.filter((turn) => turn.mode === mode).reduce((total, turn) => total + turn.heldMs, 0);
  const longest = [...turns].sort((a, b) => b.heldMs - a.heldMs).slice(0, count);
  return [
    `System suites held the machine ${seconds(sum('alone'))} alone and ${seconds(sum('shared'))} shared (summed over both workers); the longest:`,
    ...longest.map((turn) => `  ${turn.suite} ${seconds(turn.heldMs)} ${turn.mode}${turn.waitedMs >= 1000 ? `, after waiting ${seconds(turn.waitedMs)}` : ''}`),
  ].join('\n');
}

const isAlive = (pid: number) => {
  if (!Number.isInteger(pid) || pid <= 0) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

export async function startSuiteLock(): Promise<SuiteLock> {
  const holders = new Map<string, SuiteMode>();
  const queue: Waiting[] = [];
  const askedAt = new Map<string, number>();
  const grantedAt = new Map<string, number>();
  const turns: SuiteTurn[] = [];
  const grant = () => {
    // A worker that died holding the lock (a crash, a kill) gives it up: the holder's name begins with its pid.
    for (const holder of holders.keys()) if (!isAlive(Number(holder.split(' ')[0]))) holders.delete(holder);
    while (queue.length > 0) {
      const next = queue[0]!;
      const alone = [...holders.values()].includes('alone');
      if (alone || (next.mode === 'alone' && holders.size > 0)) return;
      holders.set(next.holder, next.mode);
      grantedAt.set(next.holder, Date.now());
      queue.shift();
    }
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const holder = url.searchParams.get('holder') ?? '';
    const mode = url.searchParams.get('mode') === 'alone' ? 'alone' : 'shared';
    if (req.method === 'POST' && url.pathname === '/acquire' && holder) {
      if (!holders.has(holder) && !queue.some((waiting) => waiting.holder === holder)) {
        queue.push({ holder, mode });
        askedAt.set(holder, Date.now());
      }
      grant();
      res.end(JSON.stringify({ granted: holders.has(holder) }));
    } else if (req.method === 'POST' && url.pathname === '/release' && holder) {
      const [asked, granted, held] = [askedAt.get(holder), grantedAt.get(holder), holders.get(holder)];
      if (asked !== undefined && granted !== undefined && held !== undefined) {
        turns.push({ suite: holder.slice(holder.indexOf(' ') + 1), mode: held, waitedMs: granted - asked, heldMs: Date.now() - granted });
      }
      holders.delete(holder);
      grant();
      res.end(JSON.stringify({ released: true }));
    } else {
      res.statusCode = 404;
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    turns: () => [...turns],
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Waits until the suite `holder` may run as `mode` (asked every 200 ms; the queue keeps its place). */
export async function acquireSuiteLock(url: string, holder: string, mode: SuiteMode): Promise<void> {
  const query = `holder=${encodeURIComponent(holder)}&mode=${mode}`;
  for (;;) {
    const answer = (await (await fetch(`${url}/acquire?${query}`, { method: 'POST' })).json()) as { granted: boolean };
    if (answer.granted) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export async function releaseSuiteLock(url: string, holder: string): Promise<void> {
  await fetch(`${url}/release?holder=${encodeURIComponent(holder)}`, { method: 'POST' });
}
