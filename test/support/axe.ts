import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** WCAG 2.2 A and AA, and axe's best practices. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * The violations axe finds on the page as it is, one line each, so a failure says what and where. Under forced
 * colours the player's system colours decide contrast, so axe's contrast rule is left out of that run.
 */
export async function axeViolations(page: Page, { forcedColours = false } = {}): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(AXE_TAGS)
    .disableRules(forcedColours ? ['color-contrast'] : [])
    .analyze();
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
