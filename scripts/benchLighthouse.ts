import { NOT_FOUND_PAGE, PRERENDERED_PAGES } from '../src/shared/routes';
import { makeTempDir, projectRoot, testStackSettings } from '../test/support/testStack';
import { startStack } from './stack/startStack';

/** What one Lighthouse run reports of a page. */
interface Run {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

const RUNS = 3;
/** Lighthouse measures pages that answer 200; the not-found page (404) is measured for its size only. */
const PAGES = Object.keys(PRERENDERED_PAGES).filter((page) => page !== NOT_FOUND_PAGE);
/** Debian's Chromium, as the browser tests run it. */
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Lighthouse (the npm package; mobile preset, simulated throttling) on Debian's Chromium, RUNS times for
 * each public page of a stack of its own, fresh browser each run; prints the median of each figure beside
 * the page's first-load JavaScript.
 */
export async function benchLighthouse(firstLoadKb: (page: string) => string): Promise<void> {
  process.env.METADATA_SERVER_DETECTION = 'none';
  const settings = await testStackSettings();
  const stack = await startStack({ projectRoot, settings, mode: 'serve', dataDir: null, runDir: makeTempDir('bench-lighthouse') });
  try {
    const { default: lighthouse } = await import('lighthouse');
    const chromeLauncher = await import('chrome-launcher');
    console.log(`\nLighthouse ${RUNS} runs per page (mobile, simulated throttling; medians), own stack on 127.0.0.1:`);
    console.log(`  ${'page'.padEnd(32)}${'perf'.padStart(5)}${'a11y'.padStart(6)}${'b.p.'.padStart(6)}${'seo'.padStart(5)}${'LCP'.padStart(9)}${'TBT'.padStart(8)}${'CLS'.padStart(7)}${'JS gzip'.padStart(10)}`);
    for (const page of PAGES) {
      const runs: Run[] = [];
      for (let i = 0; runs.length < RUNS && i < RUNS + 2; i += 1) {
        const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
        try {
          const result = await lighthouse(`${stack.url}${page}`, { port: chrome.port, logLevel: 'error', output: 'json' });
          if (!result) throw new Error(`Lighthouse gave no result for ${page}.`);
          const { categories, audits, runtimeError } = result.lhr;
          // A run Lighthouse could not finish (a page that did not paint in time, say) is no score: say so, run again.
          if (runtimeError) {
            console.log(`  (${page}: a run failed, ${runtimeError.code}: ${runtimeError.message}; running it again)`);
            continue;
          }
          const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
          runs.push({
            performance: score('performance'),
            accessibility: score('accessibility'),
            bestPractices: score('best-practices'),
            seo: score('seo'),
            lcpMs: audits['largest-contentful-paint']!.numericValue!,
            tbtMs: audits['total-blocking-time']!.numericValue!,
            cls: audits['cumulative-layout-shift']!.numericValue!,
          });
        } finally {
          await chrome.kill();
        }
      }
      if (runs.length < RUNS) throw new Error(`Lighthouse could not finish ${RUNS} runs of ${page}.`);
      const m = (key: keyof Run) => median(runs.map((run) => run[key]));
      console.log(
        `  ${page.padEnd(32)}${String(m('performance')).padStart(5)}${String(m('accessibility')).padStart(6)}${String(m('bestPractices')).padStart(6)}${String(m('seo')).padStart(5)}` +
          `${`${(m('lcpMs') / 1000).toFixed(2)} s`.padStart(9)}${`${m('tbtMs').toFixed(0)} ms`.padStart(8)}${m('cls').toFixed(3).padStart(7)}${firstLoadKb(page).padStart(10)}` +
          `   (perf ${runs.map((run) => run.performance).join(', ')})`,
      );
    }
  } finally {
    await stack.stop();
  }
}
