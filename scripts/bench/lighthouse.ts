import { NOT_FOUND_PAGE, PRERENDERED_PAGES } from '../../src/shared/routes';
import { makeTempDir, projectRoot, testStackSettings } from '../stack/testing/throwawayStack';
import { startHostingFront } from '../stack/hostingFront';
import { findFreePort } from '../stack/network';
import { startStack } from '../stack/startStack';
import { benchSignedIn, type SignedInFigures } from './signedIn';
import { launchBenchChromium, lighthouseRuns, printLighthouseHeader, printLighthouseRow, RUNS, type Figures, type Run } from './lighthouseRuns';

/** Lighthouse measures pages that answer 200; the not-found page (404) is measured for its size only. */
const PAGES = Object.keys(PRERENDERED_PAGES).filter((page) => page !== NOT_FOUND_PAGE);

/**
 * Lighthouse (the npm package; mobile preset, simulated throttling) on Debian's Chromium, RUNS times for
 * each public page of a stack of its own, fresh browser each run; prints the median of each figure beside
 * the page's first-load JavaScript. Then the signed-in pages (benchSignedIn) on the same stack.
 * The browser reaches the store as a player does, over TLS and HTTP/2 (startHostingFront, as Firebase
 * Hosting serves it); `http1` measures the stack's own plain HTTP/1.1 address instead.
 */
export async function benchLighthouse(
  firstLoadKb: (page: string) => string,
  { interactionsOnly = false, signedInOnly = false, http1 = false } = {},
): Promise<{ publicPages: Map<string, Figures>; signedIn: SignedInFigures }> {
  process.env.METADATA_SERVER_DETECTION = 'none';
  const runDir = makeTempDir('bench-lighthouse');
  const frontPort = await findFreePort();
  const frontUrl = `https://127.0.0.1:${frontPort}`;
  // The provider sends the player back to the front; its callback goes to the API's own address, as Cloud Run's.
  const settings = await testStackSettings(http1 ? {} : { PUBLIC_BASE_URL: frontUrl });
  const stack = await startStack({
    projectRoot,
    settings: http1 ? settings : { ...settings, API_PUBLIC_URL: `http://${settings.HOST}:${settings.PORT}` },
    mode: 'serve',
    dataDir: null,
    runDir,
  });
  const front = http1 ? null : await startHostingFront({ port: frontPort, upstream: stack.url, runDir }).catch(async (error: Error) => {
    await stack.stop();
    throw error;
  });
  const storeUrl = front?.url ?? stack.url;
  const trustedSpki = front?.spkiHash;
  console.log(`\nThe store at ${storeUrl} (${front ? 'TLS 1.3 and HTTP/2, nginx in front as Firebase Hosting' : 'the stack\'s own HTTP/1.1'}).`);
  try {
    const publicPages = interactionsOnly || signedInOnly ? [] : PAGES;
    const publicFigures = new Map<string, Figures>();
    if (publicPages.length) {
      console.log(`\nLighthouse ${RUNS} runs per page (mobile, simulated throttling; medians), own stack:`);
      printLighthouseHeader();
    }
    for (const page of publicPages) {
      const runs: Run[] = [];
      // A fresh browser each run: nothing cached, nobody signed in.
      while (runs.length < RUNS) {
        const chrome = await launchBenchChromium({ trustedSpki });
        try {
          runs.push(...(await lighthouseRuns(chrome.port, `${storeUrl}${page}`, { count: 1 })));
        } finally {
          await chrome.kill();
        }
      }
      publicFigures.set(page, printLighthouseRow(page, runs, firstLoadKb(page)));
    }
    return {
      publicPages: publicFigures,
      signedIn: await benchSignedIn(storeUrl, firstLoadKb, { lighthouse: !interactionsOnly, trustedSpki }),
    };
  } finally {
    await front?.stop();
    await stack.stop();
  }
}
