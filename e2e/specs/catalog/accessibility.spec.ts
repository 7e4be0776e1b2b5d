import { test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../../support/axe.ts";
import { openPage } from "../../support/page.ts";

/** The catalogue screens checked with axe-core at phone and desktop widths. */
const catalogPages = ["/products", "/products?type=tile&per_page=25", "/products/1", "/closeouts"];

for (const width of [390, 1280]) {
  test.describe(`catalogue accessibility at ${width}px`, () => {
    test.use({ viewport: { width, height: 900 } });
    for (const path of catalogPages) {
      test(`${path} has no serious or critical axe violations`, async ({ page }) => {
        await openPage(page, path);
        await expectNoSeriousA11yViolations(page, path);
      });
    }
  });
}
