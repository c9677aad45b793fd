import fs from 'node:fs';
import { NOT_FOUND_PAGE, PRERENDERED_PAGES } from '../../src/shared/routes';
import { makeTempDir, projectRoot, testStackSettings } from '../stack/testing/throwawayStack';
import { startHostingFront } from '../stack/hostingFront';
import { findFreePort } from '../stack/network';
import { startStack } from '../stack/startStack';
import { buildEarlierCommit } from './earlierCommit';
import { benchSignedIn, type SignedInFigures } from './signedIn';
import { launchBenchChromium, lighthouseRuns, printLighthouseHeader, printLighthouseRow, RUNS, type Figures, type Run } from './lighthouseRuns';

/** Lighthouse measures pages that answer 200; the not-found page (404) is measured for its size only. */
const PAGES = Object.keys(PRERENDERED_PAGES).filter((page) => page !== NOT_FOUND_PAGE);

/** A store of its own: this head's backing services, and the API and build of `apiRoot` (this head, or an earlier commit's checkout), behind the TLS and HTTP/2 front unless `http1`. */
async function startBenchStore(apiRoot: string, http1: boolean) {
  const runDir = makeTempDir('bench-lighthouse');
  const frontPort = await findFreePort();
  const frontUrl = `https://127.0.0.1:${frontPort}`;
  // The provider sends the player back to the front; its callback goes to the API's own address, as Cloud Run's.
  const settings = await testStackSettings(http1 ? {} : { PUBLIC_BASE_URL: frontUrl });
  const stack = await startStack({
    projectRoot,
    apiRoot,
    settings: http1 ? settings : { ...settings, API_PUBLIC_URL: `http://${settings.HOST}:${settings.PORT}` },
    mode: 'serve',
    dataDir: null,
    runDir,
  });
  const front = http1 ? null : await startHostingFront({ port: frontPort, upstream: stack.url, runDir }).catch(async (error: Error) => {
    await stack.stop();
    throw error;
  });
  return {
    url: front?.url ?? stack.url,
    trustedSpki: front?.spkiHash,
    stop: async () => {
      await front?.stop();
      await stack.stop();
      fs.rmSync(runDir, { recursive: true, force: true });
    },
  };
}

/** One Lighthouse run of `url` in a fresh browser: nothing cached, nobody signed in. */
async function freshRun(url: string, trustedSpki: string | undefined): Promise<Run> {
  const chrome = await launchBenchChromium({ trustedSpki });
  try {
    return (await lighthouseRuns(chrome.port, url, { count: 1 }))[0]!;
  } finally {
    await chrome.kill();
  }
}

/**
 * Lighthouse (the npm package; mobile preset, simulated throttling) on Debian's Chromium, RUNS times for
 * each public page of a stack of its own, fresh browser each run; prints the median of each figure beside
 * the page's first-load JavaScript, and the Chromium and benchmarkIndex each run had. Then the signed-in pages
 * (benchSignedIn) on the same stack. The browser reaches the store as a player does, over TLS and HTTP/2
 * (startHostingFront, as Firebase Hosting serves it); `http1` measures the stack's own plain HTTP/1.1 address
 * instead. `against` (a commit) measures that commit's build too, its runs alternating with this head's, page by
 * page, and prints the difference; `pages` keeps the public pages to those named.
 */
export async function benchLighthouse(
  firstLoadKb: (page: string) => string,
  { interactionsOnly = false, signedInOnly = false, http1 = false, against = null as string | null, pages = null as string[] | null } = {},
): Promise<{ publicPages: Map<string, Figures>; signedIn: SignedInFigures }> {
  process.env.METADATA_SERVER_DETECTION = 'none';
  const earlier = against ? buildEarlierCommit(projectRoot, against) : null;
  const stores: Array<Awaited<ReturnType<typeof startBenchStore>>> = [];
  try {
    stores.push(await startBenchStore(projectRoot, http1));
    if (earlier) stores.push(await startBenchStore(earlier.projectRoot, http1));
    const [head, before] = stores as [Awaited<ReturnType<typeof startBenchStore>>, Awaited<ReturnType<typeof startBenchStore>> | undefined];
    console.log(`\nThe store at ${head.url} (${http1 ? "the stack's own HTTP/1.1" : 'TLS 1.3 and HTTP/2, nginx in front as Firebase Hosting'})${before ? `; ${earlier!.commit} at ${before.url}` : ''}.`);
    const publicPages = interactionsOnly || signedInOnly ? [] : PAGES.filter((page) => !pages || pages.includes(page));
    const publicFigures = new Map<string, Figures>();
    if (publicPages.length) {
      console.log(`\nLighthouse ${RUNS} runs per page (mobile, simulated throttling; medians), own stack${before ? `, alternating with ${earlier!.commit}` : ''}:`);
      printLighthouseHeader();
    }
    for (const page of publicPages) {
      const runs: Run[] = [];
      const earlierRuns: Run[] = [];
      while (runs.length < RUNS) {
        runs.push(await freshRun(`${head.url}${page}`, head.trustedSpki));
        if (before) earlierRuns.push(await freshRun(`${before.url}${page}`, before.trustedSpki));
      }
      const figures = printLighthouseRow(page, runs, firstLoadKb(page));
      publicFigures.set(page, figures);
      if (before) {
        const then = printLighthouseRow(`  ${earlier!.commit}`, earlierRuns, '');
        console.log(`  ${''.padEnd(32)}head − ${earlier!.commit}: perf ${signed(figures.performance - then.performance)}, TBT ${signed(Math.round(figures.tbtMs - then.tbtMs))} ms, LCP ${signed(Math.round(figures.lcpMs - then.lcpMs))} ms`);
      }
    }
    return {
      publicPages: publicFigures,
      // Named pages only: the signed-in pages and the interactions are another run's.
      signedIn: pages ? { pages: new Map(), buyMs: NaN, submitMs: NaN, balanceMs: NaN } : await benchSignedIn(head.url, firstLoadKb, { lighthouse: !interactionsOnly, trustedSpki: head.trustedSpki }),
    };
  } finally {
    for (const store of stores) await store.stop();
    earlier?.remove();
  }
}

const signed = (value: number) => (value > 0 ? `+${value}` : String(value));
