import { test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../../support/axe.ts";
import { openPage } from "../../support/page.ts";

/** The content and lead pages, checked with axe-core at phone and desktop widths. */
const contentPages = [
  "/installation",
  "/installation/book?zip=35209",
  "/showroom",
  "/inquiry-success",
  "/contact?error=Enter%20a%20valid%20email%20address",
  "/about",
  "/gallery",
  "/partners",
  "/room-visualizer",
  "/privacy-policy",
  "/terms-of-service",
  "/blog",
  "/blog/lvp-vs-hardwood-alabama-humidity",
  "/blog/areas",
  "/blog/areas/birmingham",
  "/blog/areas/birmingham/homewood-flooring",
];

/** At phone width, the pages whose layout changes most (forms, grids, the lightbox). */
const phonePages = [
  "/installation",
  "/installation/book?zip=35209",
  "/showroom",
  "/contact?error=Enter%20a%20valid%20email%20address",
  "/gallery",
  "/blog",
  "/blog/areas/birmingham/homewood-flooring",
];

for (const [width, paths] of [
  [390, phonePages],
  [1280, contentPages],
] as const) {
  test.describe(`content pages' accessibility at ${width}px`, () => {
    test.use({ viewport: { width, height: 900 } });
    for (const path of paths) {
      test(`${path} has no serious or critical axe violations`, async ({ page }) => {
        await openPage(page, path);
        await expectNoSeriousA11yViolations(page, path);
      });
    }
  });
}
