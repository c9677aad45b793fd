import { chromium, type CDPSession, type Locator, type Page } from 'playwright-core';
import { STARTING_PACKS } from '../../src/shared/startingCatalogue';
import { receiptPath, routeOf, ROUTES, paymentSuccessPath, shopItemPath } from '../../src/shared/routes';
import { gotoWaitsForApp } from '../browser/browser';
import { fillPaymentForm, openCheckout, signUp } from '../browser/storePages';
import { makeTempDir } from '../stack/testing/throwawayStack';
import { measureBuyAgain, rememberDetails, type BuyAgainFigures } from './buyAgain';
import { launchBenchChromium, lighthouseRuns, median, printLighthouseHeader, printLighthouseRow, type Figures, type Run } from './lighthouseRuns';

/** What benchSignedIn measured: each page's medians (by its path, the order's id as <order>), and the interactions. */
export interface SignedInFigures {
  pages: Map<string, Figures>;
  buyMs: number;
  submitMs: number;
  /**
   * From the provider's redirect back (the payment done) to the new balance in the tab the order started from;
   * negative when the balance came first (the provider's callback to the API can beat its redirect).
   */
  balanceMs: number;
  /** The returning player's path (./buyAgain): medians of 3; absent where not measured. */
  buyAgain?: BuyAgainFigures;
}

/**
 * The pages where money is spent, measured as a signed-in player: one Chromium profile signed in through the
 * store's own forms (and with one paid order, for its success page and receipt), then Lighthouse (mobile
 * preset) on each page RUNS times with the HTTP cache cleared before each run and the storage kept, so the
 * player stays signed in and every script is fetched again. Then input-to-next-paint of Buy and Submit under
 * 4x CPU throttling, from the Event Timing API.
 */
export async function benchSignedIn(
  storeUrl: string,
  firstLoadKb: (page: string) => string,
  { lighthouse = true, trustedSpki }: { lighthouse?: boolean; trustedSpki?: string } = {},
): Promise<SignedInFigures> {
  const chrome = await launchBenchChromium({ userDataDir: makeTempDir('bench-signed-in-profile'), trustedSpki });
  try {
    process.env.STORE_URL = storeUrl;
    const { orderId, balanceMs } = await withPlaywright(chrome.port, async (page) => {
      await signUp(page, `bench-${Date.now()}@wyrmcrown.example`);
      return buyOnePack(page);
    });
    console.log(`\nA payment's gems in the original tab: ${balanceMs.toFixed(0)} ms from the provider's redirect back to the new balance (negative: the balance came first, through the provider's callback).`);
    const figures: SignedInFigures = { pages: new Map(), buyMs: 0, submitMs: 0, balanceMs };
    // Every page a signed-in player reads (issue 66: each at 95 or more).
    const pages = [ROUTES.shop, ROUTES.orders, paymentSuccessPath(orderId), receiptPath(orderId), ROUTES.gemStatement, ROUTES.rewards, ROUTES.limits];

    if (lighthouse) console.log('\nLighthouse as a signed-in player (mobile; HTTP cache cleared before each run, storage kept; medians):');
    if (lighthouse) printLighthouseHeader();
    for (const path of lighthouse ? pages : []) {
      // Lighthouse's own reset before each run clears the HTTP cache, service workers and cache storage, and
      // keeps IndexedDB (where Firebase Auth keeps the session), so the player stays signed in.
      const runs: Run[] = await lighthouseRuns(chrome.port, `${storeUrl}${path}`);
      const label = path.replace(orderId, '<order>');
      figures.pages.set(label, printLighthouseRow(label, runs, firstLoadKb(routeOf(path.split('?')[0]!)!)));
    }

    console.log('\nInput to next paint, 4x CPU throttling (Event Timing; medians of 3):');
    const buy: number[] = [];
    const submit: number[] = [];
    await withPlaywright(chrome.port, async (page, cdp) => {
      for (let i = 0; i < 3; i += 1) {
        const measured = await measureBuyAndSubmit(page, cdp);
        buy.push(measured.buyMs);
        submit.push(measured.submitMs);
      }
    });
    console.log(`  Buy (shop list to checkout)     ${median(buy).toFixed(0).padStart(5)} ms   (${buy.map((ms) => ms.toFixed(0)).join(', ')})`);
    console.log(`  Submit (an empty form's errors)  ${median(submit).toFixed(0).padStart(5)} ms   (${submit.map((ms) => ms.toFixed(0)).join(', ')})`);

    // The returning player (details remembered at the first purchase): Buy Again, then Submit, to the provider's tab.
    const again: BuyAgainFigures[] = [];
    await withPlaywright(chrome.port, async (page, cdp) => {
      const press = async (target: Locator) => {
        await target.scrollIntoViewIfNeeded();
        const box = await target.boundingBox();
        if (!box) throw new Error('The control to press is not on the screen.');
        await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      };
      await rememberDetails(page);
      for (let i = 0; i < 3; i += 1) again.push(await measureBuyAgain(page, cdp, press));
    });
    const buyAgain = {
      presses: Math.max(...again.map((run) => run.presses)),
      toProviderMs: median(again.map((run) => run.toProviderMs)),
      withPressesMs: median(again.map((run) => run.withPressesMs)),
      toFormMs: median(again.map((run) => run.toFormMs)),
      submitToProviderMs: median(again.map((run) => run.submitToProviderMs)),
    };
    console.log(
      `  Buy Again to the provider's tab  ${buyAgain.toProviderMs.toFixed(0).padStart(5)} ms   (${again.map((run) => run.toProviderMs.toFixed(0)).join(', ')}; ${buyAgain.presses} presses: Buy Again, Submit; nothing typed; the store's time: Buy Again to the form, Submit to the provider's page)`,
    );
    console.log(`    Buy Again to the form; Submit to the provider's page: ${again.map((run) => `${run.toFormMs.toFixed(0)} + ${run.submitToProviderMs.toFixed(0)}`).join(', ')} ms`);
    console.log(`    with the harness's presses       ${buyAgain.withPressesMs.toFixed(0).padStart(5)} ms   (${again.map((run) => run.withPressesMs.toFixed(0)).join(', ')})`);
    return { ...figures, buyMs: median(buy), submitMs: median(submit), buyAgain };
  } finally {
    await chrome.kill();
  }
}

/**
 * Playwright attached to the bench's Chromium for `use`, on a tab of its own, then let go: while attached it
 * instruments every tab, Lighthouse's too (a script world of its own in each page, its bindings), which is
 * main-thread work no player's browser does.
 */
async function withPlaywright<T>(port: number, use: (page: Page, cdp: CDPSession) => Promise<T>): Promise<T> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0]!;
    const page = gotoWaitsForApp(await context.newPage());
    const result = await use(page, await context.newCDPSession(page));
    await page.close();
    return result;
  } finally {
    await browser.close().catch(() => undefined);
  }
}

/**
 * Buys the Tiny pack through the checkout tab; answers the order once the paid card shows, and how long the new
 * balance took to reach this tab once the provider was done: from its redirect back to the store (it redirects
 * once the payment is paid; its callback to the API goes at the same moment) to the balance in this tab, read by
 * the page itself so the bench's own polling adds nothing.
 */
async function buyOnePack(page: Page): Promise<{ orderId: string; balanceMs: number }> {
  await page.goto(`${process.env.STORE_URL}${shopItemPath(STARTING_PACKS[0]!.id)}`);
  await fillPaymentForm(page);
  const checkout = await openCheckout(page);
  const orderId = (await page.getByTestId('order-number').first().innerText()).trim();
  const balanceBefore = await page.getByTestId('gem-balance').getAttribute('aria-label');
  const balanceChangedAt = page.evaluate(
    (before) =>
      new Promise<number>((resolve) => {
        const observer = new MutationObserver(() => {
          if (document.querySelector('[data-testid="gem-balance"]')?.getAttribute('aria-label') === before) return;
          observer.disconnect();
          resolve(Date.now());
        });
        observer.observe(document.body, { subtree: true, attributes: true, attributeFilter: ['aria-label'] });
      }),
    balanceBefore,
  );
  const storeOrigin = new URL(process.env.STORE_URL!).origin;
  const providerDoneAt = checkout.waitForURL((url) => url.origin === storeOrigin, { waitUntil: 'commit' }).then(() => Date.now());
  await checkout.getByRole('button', { name: 'Pay' }).click();
  const balanceMs = (await balanceChangedAt) - (await providerDoneAt);
  await page.locator('[data-payment-phase="credited"]').waitFor({ timeout: 30_000 });
  await checkout.close();
  return { orderId, balanceMs };
}

/**
 * The longest Event Timing entry of the interaction a press on `target` makes (its input delay, handlers and next
 * paint), as INP counts it: entries of an interaction (pointerdown, pointerup, click), not the hover before it.
 * The press goes through the browser's input at the target's centre, like a finger's: Playwright's own click
 * would run its checks (finding the element by role, watching the hit target) in the page's throttled main
 * thread during the very events it measures. `outcome` waits for what the press leads to, once its paint is past.
 */
async function interactionMs(page: Page, target: Locator, outcome: () => Promise<void>): Promise<number> {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error('The control to press is not on the screen.');
  await page.evaluate(() => {
    const w = window as unknown as { benchEvents: number[] };
    w.benchEvents = [];
    new PerformanceObserver((list) => {
      // interactionId: in Chrome's Event Timing, not yet in TypeScript's DOM types.
      for (const entry of list.getEntries() as Array<PerformanceEventTiming & { interactionId?: number }>) if (entry.interactionId) w.benchEvents.push(entry.duration);
    }).observe({ type: 'event', buffered: false, durationThreshold: 16 } as PerformanceObserverInit);
  });
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  // Nothing of the bench's runs in the page until the press's next paint is long past.
  await page.waitForTimeout(500);
  await outcome();
  const durations = await page.evaluate(() => (window as unknown as { benchEvents: number[] }).benchEvents);
  if (!durations.length) throw new Error('The press made no interaction entry: it did not reach the control.');
  return Math.max(...durations);
}

async function measureBuyAndSubmit(page: Page, cdp: CDPSession): Promise<{ buyMs: number; submitMs: number }> {
  // goto waits for the app; the live balance keeps a connection open, so the network is never idle: then a settled second.
  await page.goto(`${process.env.STORE_URL}${ROUTES.shop}`);
  await page.waitForTimeout(1000);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  try {
    const buyMs = await interactionMs(page, page.getByRole('button', { name: `Buy ${STARTING_PACKS[1]!.title}` }), () =>
      page.getByRole('button', { name: 'Submit' }).waitFor(),
    );
    const submitMs = await interactionMs(page, page.getByRole('button', { name: 'Submit' }), () =>
      page.getByLabel('First Name').and(page.locator('[aria-invalid="true"]')).waitFor(),
    );
    return { buyMs, submitMs };
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  }
}
