import type { Page } from "@playwright/test";

/** Opens a page and waits until React has hydrated it, so clicks reach their handlers. */
export async function openPage(page: Page, path: string) {
  const response = await page.goto(path);
  await page.locator("html[data-hydrated='true']").waitFor({ state: "attached" });
  return response;
}

/**
 * Opens a page on a stopped clock: the page's time moves only by the test's hand, a millisecond
 * at a time until React has hydrated, so a timer the page starts on load has run for a few
 * milliseconds when this returns, however long the machine took to load it.
 */
export async function openPageWithClockStopped(page: Page, path: string) {
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1_000);
  const response = await page.goto(path);
  const hydrated = page.locator("html[data-hydrated='true']");
  while ((await hydrated.count()) === 0) await page.clock.runFor(1);
  return response;
}
