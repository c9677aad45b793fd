import { NOT_FOUND_PAGE, PRERENDERED_PAGES } from '../src/shared/routes';
import { makeTempDir, projectRoot, testStackSettings } from '../test/support/testStack';
import { startStack } from './stack/startStack';
import { benchSignedIn, type SignedInFigures } from './benchSignedIn';
import { launchBenchChromium, lighthouseRuns, printLighthouseHeader, printLighthouseRow, RUNS, type Figures, type Run } from './lighthouseRuns';

/** Lighthouse measures pages that answer 200; the not-found page (404) is measured for its size only. */
const PAGES = Object.keys(PRERENDERED_PAGES).filter((page) => page !== NOT_FOUND_PAGE);

/**
 * Lighthouse (the npm package; mobile preset, simulated throttling) on Debian's Chromium, RUNS times for
 * each public page of a stack of its own, fresh browser each run; prints the median of each figure beside
 * the page's first-load JavaScript. Then the signed-in pages (benchSignedIn) on the same stack.
 */
export async function benchLighthouse(
  firstLoadKb: (page: string) => string,
  { interactionsOnly = false, signedInOnly = false } = {},
): Promise<{ publicPages: Map<string, Figures>; signedIn: SignedInFigures }> {
  process.env.METADATA_SERVER_DETECTION = 'none';
  const settings = await testStackSettings();
  const stack = await startStack({ projectRoot, settings, mode: 'serve', dataDir: null, runDir: makeTempDir('bench-lighthouse') });
  try {
    const publicPages = interactionsOnly || signedInOnly ? [] : PAGES;
    const publicFigures = new Map<string, Figures>();
    if (publicPages.length) {
      console.log(`\nLighthouse ${RUNS} runs per page (mobile, simulated throttling; medians), own stack on 127.0.0.1:`);
      printLighthouseHeader();
    }
    for (const page of publicPages) {
      const runs: Run[] = [];
      // A fresh browser each run: nothing cached, nobody signed in.
      while (runs.length < RUNS) {
        const chrome = await launchBenchChromium();
        try {
          runs.push(...(await lighthouseRuns(chrome.port, `${stack.url}${page}`, { count: 1 })));
        } finally {
          await chrome.kill();
        }
      }
      publicFigures.set(page, printLighthouseRow(page, runs, firstLoadKb(page)));
    }
    return { publicPages: publicFigures, signedIn: await benchSignedIn(stack.url, firstLoadKb, { lighthouse: !interactionsOnly }) };
  } finally {
    await stack.stop();
  }
}
