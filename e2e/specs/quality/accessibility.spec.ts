import { test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../../support/axe.ts";
import { openPage } from "../../support/page.ts";

/** Public pages checked with axe-core at phone and desktop widths. */
const publicPages = ["/", "/no-such-page"];

for (const width of [390, 1280]) {
  test.describe(`accessibility at ${width}px`, () => {
    test.use({ viewport: { width, height: 900 } });
    for (const path of publicPages) {
      test(`${path} has no serious or critical axe violations`, async ({ page }) => {
        await openPage(page, path);
        await expectNoSeriousA11yViolations(page, path);
      });
    }
  });
}
