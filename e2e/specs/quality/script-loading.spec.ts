import { expect, test } from "@playwright/test";
import { openPage } from "../../support/page.ts";

/** Decision 046: the page paints (and shows its priority image) before any app script is fetched. */
test.describe("script loading", () => {
  for (const path of ["/", "/products", "/blog"]) {
    test(`${path}: app scripts are fetched only after the first paint and the priority image`, async ({
      page,
    }) => {
      await openPage(page, path);
      const timings = await page.evaluate(() => {
        const paint = performance.getEntriesByName("first-contentful-paint")[0];
        const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
        const priority = Array.from(
          document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]'),
        )
          .map((img) => resources.find((r) => r.name === img.currentSrc))
          .filter((r) => r !== undefined);
        const scripts = resources.filter((r) => /\/assets\/.+\.js$/.test(r.name));
        return {
          firstPaint: paint?.startTime ?? null,
          priorityImagesLoaded: priority.map((r) => r.responseEnd),
          firstScriptRequested: Math.min(...scripts.map((r) => r.startTime)),
          scripts: scripts.length,
        };
      });
      expect(timings.firstPaint).not.toBeNull();
      expect(timings.scripts).toBeGreaterThan(3);
      if (path === "/") expect(timings.priorityImagesLoaded).toHaveLength(1);
      expect(timings.firstScriptRequested).toBeGreaterThanOrEqual(timings.firstPaint ?? Infinity);
      for (const loaded of timings.priorityImagesLoaded) {
        expect(timings.firstScriptRequested).toBeGreaterThanOrEqual(loaded);
      }
      // And the page then works: the header's cart opens its panel.
      await page.getByRole("button", { name: /cart/i }).first().click();
      await expect(page.getByRole("dialog")).toBeVisible();
    });
  }
});

for (const path of ["/", "/products"]) {
  test(`${path}: a page whose priority image never arrives still gets its scripts within about 3 s`, async ({
    page,
  }) => {
    // Hold back every image: the priority image never loads, nor fails.
    await page.route(/\.(avif|webp|jpe?g|png)(\?|$)/, () => {});
    await page.goto(path, { waitUntil: "domcontentloaded" });
    await page.locator("html[data-hydrated='true']").waitFor({ state: "attached", timeout: 8_000 });
    await page.getByRole("button", { name: /cart/i }).first().click();
    await expect(page.getByRole("dialog")).toBeVisible();
  });
}
