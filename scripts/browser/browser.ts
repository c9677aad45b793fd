import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { APP_READY_ATTRIBUTE } from '../../src/shared/earlyInput';

/** Debian's Chromium, headless, with the flags this closed network needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
}

/**
 * One Chromium for a test file: launched before its tests and closed after them. Call it at the top of the
 * file; it answers the browser (while the file's tests run).
 */
export function sharedBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('The browser is launched in beforeAll: ask for it inside a test.');
    return browser;
  };
}

export function storeUrl(path = '/'): string {
  const base = process.env.STORE_URL;
  if (!base) throw new Error('STORE_URL is not set: system tests run under the system jest project.');
  return new URL(path, base).toString();
}

const errorsByPage = new WeakMap<Page, string[]>();

/**
 * A fresh page (reduced motion unless asked otherwise) that records uncaught page errors, and whose goto
 * waits until the app has taken the page over (a prerendered page is readable before it hydrates; a test
 * acts like a visitor who waits for it).
 */
export async function openPage(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({ reducedMotion: 'reduce', ...options });
  const page = await context.newPage();
  const errors: string[] = [];
  errorsByPage.set(page, errors);
  page.on('pageerror', (error) => errors.push(error.message));
  // Hydration failures and Content-Security-Policy refusals are reported, not thrown: count them as page errors.
  page.on('console', (message) => {
    if (message.type() === 'error' && /did not match|[Hh]ydrat|Content Security Policy/.test(message.text())) errors.push(message.text());
  });
  return gotoWaitsForApp(page);
}

/**
 * Makes the page's goto to a store page wait until the app has taken it over: a prerendered page shows its
 * controls before it hydrates, and a press in between does nothing. A page that is read starts its app when the
 * visitor acts: the visitor here moves the pointer onto the page, as one about to use it does.
 */
export function gotoWaitsForApp(page: Page): Page {
  const goto = page.goto.bind(page);
  page.goto = async (url, gotoOptions) => {
    const response = await goto(url, gotoOptions);
    if (/^https?:/.test(url)) {
      const ready = page.waitForSelector(`html[${APP_READY_ATTRIBUTE}]`, { state: 'attached' });
      let live = false;
      void ready.then(() => (live = true), () => undefined);
      // Until the app listens (after the first paint), a move may come too early: moved again every 100 ms.
      for (let step = 0; !live && step < 300; step += 1) {
        await page.mouse.move(3 + (step % 2), 3);
        await Promise.race([ready, new Promise((resolve) => setTimeout(resolve, 100))]);
      }
      await ready;
    }
    return response;
  };
  return page;
}

/**
 * What has keyboard focus, by its words: 'BODY' when focus fell to the page (a control removed under it). Waits a
 * moment for focus to settle where the page moves it in an effect.
 */
export async function focusedText(page: Page): Promise<string> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return page.evaluate(() => (document.activeElement === document.body || !document.activeElement ? 'BODY' : (document.activeElement.textContent ?? '').trim()));
}

/** Uncaught errors the page has thrown so far; a test expects none. */
export function pageErrors(page: Page): string[] {
  return errorsByPage.get(page) ?? [];
}

/** Saves a screenshot under test-results/ for people to look at. */
/**
 * Whether the tests keep their screenshots (test-results/*.png, for a person to look at; no test reads them): on, unless
 * SCREENSHOTS=off, as `npm test` sets it: a full page's PNG is half a second of a core, and the suite takes 180 of them.
 */
const keepsScreenshots = () => process.env.SCREENSHOTS !== 'off';

export async function saveScreenshot(page: Page, name: string): Promise<void> {
  if (keepsScreenshots()) await page.screenshot({ path: `test-results/${name}.png`, fullPage: true });
}

/** Screenshots of what the page shows now, at a phone's width and a desktop's, then the viewport as it was. */
export async function shootBothWidths(page: Page, name: string): Promise<void> {
  const before = page.viewportSize();
  // From the top, so the sticky header is drawn where a visitor sees it, not where the page was scrolled to.
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const width of [375, 1280]) {
    // Laid out at each width whether or not it is kept: a page error there still fails the test.
    await resizeViewport(page, { width, height: width === 375 ? 812 : 900 });
    if (keepsScreenshots()) await page.screenshot({ path: `test-results/${name}-${width}.png`, fullPage: true });
  }
  if (before) await resizeViewport(page, before);
}

/**
 * Resizes the page and waits two frames: Chromium reports the new innerWidth at once but may apply the
 * stylesheets' media queries only at its next frame, so a measurement taken straight away can see the old layout.
 */
export async function resizeViewport(page: Page, size: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(size);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/**
 * What spills past the right edge of the viewport: nothing when the page fits. Each entry names the element
 * (tag, test id or class) and its right edge, so a failure says what to fix rather than just "too wide".
 */
export async function sidewaysSpill(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    const spilling = [...document.body.querySelectorAll<HTMLElement>('*')].filter((element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.right > width + 0.5;
    });
    return [
      `page ${document.documentElement.scrollWidth} px in ${width} px`,
      ...spilling.map((element) => {
        const name = element.dataset.testid ?? (typeof element.className === 'string' ? element.className : '');
        const text = (element.textContent ?? '').trim().slice(0, 30);
        return `${element.tagName.toLowerCase()} ${name} "${text}" to ${Math.round(element.getBoundingClientRect().right)} px`;
      }),
    ];
  });
}

/**
 * The text of the heading that has keyboard focus, once one does (within 5 s: a new page's focus moves as it
 * renders); null when focus stays anywhere else (on <body>, say).
 */
export async function focusedHeading(page: Page): Promise<string | null> {
  const heading = () => {
    const focused = document.activeElement;
    return focused && /^H[1-6]$/.test(focused.tagName) ? (focused.textContent ?? '') : null;
  };
  await page.waitForFunction(heading, undefined, { timeout: 5_000 }).catch(() => undefined);
  return page.evaluate(heading);
}
