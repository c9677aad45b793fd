import type { BrowserContext } from 'playwright-core';
import { authTexts } from '../../src/client/features/auth/authTexts';
import { APP_READY_ATTRIBUTE } from '../../src/shared/earlyInput';
import { ROUTES } from '../../src/shared/routes';
import { sharedBrowser, storeUrl } from '../../scripts/browser/browser';
import { TEST_PASSWORD } from '../fixtures/samples';
import { holdAppScripts } from '../support/heldScripts';

jest.setTimeout(240_000);

/**
 * Typing from the first paint of the prerendered sign-in page while the app's scripts arrive late (a slow phone: the
 * scripts 1 s or 3 s after the form shows): the typing runs across the moment the app takes the page over, and every
 * character is kept, in order, in the email and in the password. Twenty visitors for each delay, ten at a time.
 */
const browser = sharedBrowser();
const RUNS = 20;
const AT_ONCE = 10;

/** One visitor: types from the first paint, at a pace that spans the handover; answers what each field holds after it. */
async function typeAcrossHandover(context: BrowserContext, delayMs: number, run: number): Promise<{ email: string; password: string; typed: { email: string; password: string }; startedEarly: boolean }> {
  const typed = { email: `early-${run}-${delayMs}@example.com`, password: `${TEST_PASSWORD}-${run}` };
  // Slow enough that the typing is still going when the scripts arrive, whatever the run's place in the queue.
  const pace = Math.round((delayMs + 800) / (typed.email.length + typed.password.length));
  const page = await context.newPage();
  const release = await holdAppScripts(page);
  try {
    await page.goto(storeUrl(ROUTES.signInSignUp), { waitUntil: 'commit' });
    const email = page.getByLabel('Email');
    await email.waitFor();
    // The scripts arrive `delayMs` after the first paint, however long this machine took to paint.
    setTimeout(release, delayMs);
    const startedEarly = !(await page.evaluate((attribute) => document.documentElement.hasAttribute(attribute), APP_READY_ATTRIBUTE));
    await email.pressSequentially(typed.email, { delay: pace });
    const password = page.getByLabel(authTexts.password, { exact: true });
    await password.pressSequentially(typed.password, { delay: pace });
    await page.waitForSelector(`html[${APP_READY_ATTRIBUTE}]`, { state: 'attached', timeout: 20_000 });
    // What the app does with the text once live (its state back into the field) has had its turn.
    await page.waitForTimeout(300);
    return { email: await email.inputValue(), password: await password.inputValue(), typed, startedEarly };
  } finally {
    await page.close();
  }
}

describe('typing into the prerendered sign-in form while the app’s scripts arrive late', () => {
  for (const delayMs of [1_000, 3_000]) {
    it(`keeps every character with the scripts ${delayMs / 1000} s late: 0 lost in ${RUNS} runs, email and password`, async () => {
      const context = await browser().newContext({ reducedMotion: 'reduce', viewport: { width: 375, height: 740 } });
      const lost: string[] = [];
      let typedBeforeLive = 0;
      for (let first = 0; first < RUNS; first += AT_ONCE) {
        const runs = await Promise.all(Array.from({ length: AT_ONCE }, (_unused, offset) => typeAcrossHandover(context, delayMs, first + offset)));
        for (const { email, password, typed, startedEarly } of runs) {
          if (email !== typed.email) lost.push(`email ${JSON.stringify(email)} for ${JSON.stringify(typed.email)}`);
          if (password !== typed.password) lost.push(`password ${password.length} characters for ${typed.password.length}`);
          if (startedEarly) typedBeforeLive += 1;
        }
      }
      await context.close();
      expect({ runs: typedBeforeLive, lost }).toEqual({ runs: RUNS, lost: [] });
    });
  }
});
