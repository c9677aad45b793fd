import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** WCAG 2.2 A and AA, and axe's best practices. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * The violations axe finds on the page as it is, one line each, so a failure says what and where. Under forced
 * colours the player's system colours decide contrast, so axe's contrast rule is left out of that run.
 */
export async function axeViolations(page: Page, { forcedColours = false } = {}): Promise<string[]> {
  // Judged from the page's top, then scrolled back: scrolled down, a field the sticky header happens to cover reads to
  // axe's target-size rule as a target too small to press, by where the last click left the page, not by the page.
  // (A focused field is kept clear of the header by scroll-padding, which the keyboard tests check.)
  const scrolledTo = await page.evaluate(() => window.scrollY);
  if (scrolledTo !== 0) await page.evaluate(() => window.scrollTo(0, 0));
  const { violations } = await new AxeBuilder({ page })
    .withTags(AXE_TAGS)
    .disableRules(forcedColours ? ['color-contrast'] : [])
    .analyze();
  if (scrolledTo !== 0) await page.evaluate((y) => window.scrollTo(0, y), scrolledTo);
  return violations.flatMap((violation) => violation.nodes.map((node) => `${violation.id} (${violation.impact}): ${node.target.join(' ')}`));
}

/** The violations at a phone's width (375 px) and a laptop's (1280 px), each line saying which; the page is left at the phone's. */
export async function axeViolationsAtBothWidths(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const viewport of [{ width: 1280, height: 900 }, { width: 375, height: 812 }]) {
    await page.setViewportSize(viewport);
    found.push(...(await axeViolations(page)).map((line) => `${viewport.width} px: ${line}`));
  }
  return found;
}
