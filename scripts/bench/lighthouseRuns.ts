/** Lighthouse runs as the bench makes them, and how it prints them. */
import { execFileSync } from 'node:child_process';

/** What one Lighthouse run reports of a page. */
export interface Run {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** What the figures come from (`npm run bench -- --details` prints them): LCP's element, what shifted, the long tasks. */
  details: string[];
  /** The browser and host the run measured on: Chromium's version, and Lighthouse's benchmarkIndex of this host. */
  chromium: string;
  benchmarkIndex: number;
}

export const RUNS = 3;
/** Debian's Chromium, as the browser tests run it. */
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];
/**
 * Browser UI that Chromium builds in a renderer of its own at start (the omnibox popup and other "top chrome"
 * WebUI, preloaded): up to 700 ms of main thread in the first seconds, which on 2 cores runs beside the page
 * measured and shows in its Lighthouse TBT though no phone's browser does it. Chromium 156 builds the omnibox's
 * AI Mode popup (chrome://omnibox-popup.top-chrome/omnibox_popup_aim.html) too, whose garbage collections took
 * up to 550 ms of a core in the first second of a run. A switch given twice counts once in Chromium (the last),
 * so chrome-launcher's own list is repeated in this one.
 */
const BROWSER_UI_FEATURES = ['PreloadTopChromeWebUI', 'WebUIOmniboxPopup', 'WebUIOmniboxFullPopup', 'WebUIOmniboxAimPopup'];

/**
 * A Chromium for Lighthouse (chrome-launcher's flags, the browser tests' ones, and no browser UI preloads),
 * trusting the certificate whose public key hashes to `trustedSpki` (the bench's TLS front's, made for the run).
 */
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The bench's Chromium's full version, as it says it (the user agent Lighthouse reports carries only the major). */
let version: string | null = null;
export function chromiumVersion(): string {
  version ??= /\d+\.\d+\.\d+\.\d+/.exec(execFileSync(CHROMIUM_PATH, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }))?.[0] ?? 'unknown';
  return version;
}

export async function launchBenchChromium({ trustedSpki, ...options }: { userDataDir?: string; trustedSpki?: string } = {}) {
  const chromeLauncher = await import('chrome-launcher');
  const launcherFeatures = chromeLauncher.Launcher.defaultFlags().find((flag) => flag.startsWith('--disable-features='));
  const disabled = [...(launcherFeatures ? launcherFeatures.split('=')[1]!.split(',') : []), ...BROWSER_UI_FEATURES];
  return chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: [
      ...CHROME_FLAGS,
      `--disable-features=${disabled.join(',')}`,
      ...(trustedSpki ? [`--ignore-certificate-errors-spki-list=${trustedSpki}`] : []),
    ],
    ...options,
  });
}

/** The middle item of `items` ordered by `key` (the upper one of an even count). */
export const medianBy = <T>(items: T[], key: (item: T) => number) => [...items].sort((a, b) => key(a) - key(b))[Math.floor(items.length / 2)]!;
export const median = (values: number[]) => medianBy(values, (value) => value);

/**
 * RUNS Lighthouse runs of `url` in the Chromium at `port` (a run it could not finish is run again, at most twice).
 */
export async function lighthouseRuns(
  port: number,
  url: string,
  { count = RUNS }: { count?: number } = {},
): Promise<Run[]> {
  const { default: lighthouse } = await import('lighthouse');
  const runs: Run[] = [];
  for (let i = 0; runs.length < count && i < count + 2; i += 1) {
    const result = await lighthouse(url, { port, logLevel: 'error', output: 'json' });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}.`);
    const { categories, audits, runtimeError, finalDisplayedUrl, environment } = result.lhr;
    // A page that sent its visitor elsewhere (a signed-in page to the sign-in form, say) is not the page asked for.
    if (new URL(finalDisplayedUrl).pathname !== new URL(url).pathname) throw new Error(`Lighthouse was sent from ${url} to ${finalDisplayedUrl}.`);
    // A run Lighthouse could not finish (a page that did not paint in time, say) is no score: say so, run again.
    if (runtimeError) {
      console.log(`  (${url}: a run failed, ${runtimeError.code}: ${runtimeError.message}; running it again)`);
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
      details: detailsOf(audits),
      chromium: chromiumVersion(),
      benchmarkIndex: Math.round(environment.benchmarkIndex),
    });
  }
  if (runs.length < count) throw new Error(`Lighthouse could not finish ${count} runs of ${url}.`);
  return runs;
}

/** The median of each figure over a page's runs (each figure's own median). */
export type Figures = Omit<Run, 'details' | 'chromium'>;
export function medianFigures(runs: Run[]): Figures {
  const m = (key: keyof Figures) => median(runs.map((run) => run[key]));
  return {
    performance: m('performance'),
    accessibility: m('accessibility'),
    bestPractices: m('bestPractices'),
    seo: m('seo'),
    lcpMs: m('lcpMs'),
    tbtMs: m('tbtMs'),
    cls: m('cls'),
    benchmarkIndex: m('benchmarkIndex'),
  };
}

export function printLighthouseHeader(): void {
  console.log(`  ${'page'.padEnd(32)}${'perf'.padStart(5)}${'a11y'.padStart(6)}${'b.p.'.padStart(6)}${'seo'.padStart(5)}${'LCP'.padStart(9)}${'TBT'.padStart(8)}${'CLS'.padStart(7)}${'JS gzip'.padStart(10)}`);
}

/** One page's medians, with each run's performance score; answers the medians. */
export function printLighthouseRow(page: string, runs: Run[], firstLoad: string): Figures {
  const m = medianFigures(runs);
  console.log(
    `  ${page.padEnd(32)}${String(m.performance).padStart(5)}${String(m.accessibility).padStart(6)}${String(m.bestPractices).padStart(6)}${String(m.seo).padStart(5)}` +
      `${`${(m.lcpMs / 1000).toFixed(2)} s`.padStart(9)}${`${m.tbtMs.toFixed(0)} ms`.padStart(8)}${m.cls.toFixed(3).padStart(7)}${firstLoad.padStart(10)}` +
      `   (perf ${runs.map((run) => run.performance).join(', ')}; Chromium ${[...new Set(runs.map((run) => run.chromium))].join('/')}, benchmarkIndex ${runs.map((run) => run.benchmarkIndex).join(', ')})`,
  );
  if (process.argv.includes('--details')) {
    for (const line of medianBy(runs, (run) => run.performance).details) console.log(`      ${line}`);
  }
  return m;
}

type Audits = Record<string, { details?: unknown } | undefined>;
interface NodeItem {
  node?: { snippet?: string; nodeLabel?: string };
}

/** The element behind LCP, the elements that shifted (and by how much), and the main thread's long tasks by script. */
function detailsOf(audits: Audits): string[] {
  const items = (id: string) => ((audits[id]?.details as { items?: unknown } | undefined)?.items ?? []) as Array<Record<string, unknown>>;
  const describe = (item: NodeItem) => (item.node?.snippet ?? item.node?.nodeLabel ?? '?').slice(0, 110);
  // Lighthouse 13 names LCP's element in its LCP breakdown insight, a list whose node entry is the element.
  const lcp = items('lcp-breakdown-insight')
    .filter((entry) => entry.type === 'node')
    .map((node) => `LCP: ${String(node.selector ?? '?')} "${String(node.nodeLabel ?? '').slice(0, 60)}"`);
  const shifts = items('layout-shifts').map((item) => `shift ${Number(item.score).toFixed(3)}: ${describe(item as NodeItem)}`);
  const tasks = items('long-tasks').map((item) => `long task ${Number(item.duration).toFixed(0)} ms at ${Number(item.startTime).toFixed(0)} ms: ${String(item.url).replace(/^https?:\/\/[^/]+/, '')}`);
  return [...lcp, ...shifts, ...tasks];
}
