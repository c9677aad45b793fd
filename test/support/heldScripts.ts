import type { Page, Route } from 'playwright-core';

/**
 * Holds the app's scripts of `page` until `release` is called, so a test acts on the prerendered page before the app
 * takes it over (as on a slow phone), whatever the speed of this machine.
 */
export async function holdAppScripts(page: Page): Promise<() => void> {
  const waiting: Route[] = [];
  let released = false;
  await page.route('**/static/js/**', (route) => (released ? route.continue() : void waiting.push(route)));
  return () => {
    released = true;
    for (const route of waiting.splice(0)) void route.continue();
  };
}
