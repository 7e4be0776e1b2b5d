import { expectNoSeriousA11yViolations } from "../../support/axe.ts";
import { openPage } from "../../support/page.ts";
import { expect, test } from "../../support/store-data.ts";
import { signInBrowser } from "./ace-fixtures.ts";

/** Every ACE partner screen checked with axe-core at phone and desktop widths. */
for (const width of [390, 1280]) {
  test.describe(`ACE screens at ${width}px are accessible`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("the signed-out screens have no serious or critical axe violations", async ({ page }) => {
      await openPage(page, "/ace/login");
      await expect(page.getByRole("heading", { name: "Partner sign in" })).toBeVisible();
      await expectNoSeriousA11yViolations(page, "/ace/login");

      await openPage(page, "/ace/register");
      await expect(page.getByRole("heading", { name: "Register as a partner" })).toBeVisible();
      await expectNoSeriousA11yViolations(page, "/ace/register");

      await openPage(page, "/ace/forgot-password");
      await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
      await expectNoSeriousA11yViolations(page, "/ace/forgot-password");

      await openPage(page, "/ace/reset-password?token=not-a-real-token");
      await expect(page.getByRole("button", { name: "Reset Password" })).toBeEnabled();
      await expectNoSeriousA11yViolations(page, "/ace/reset-password?token=...");

      await openPage(page, "/ace/reset-password");
      await expect(
        page.getByText("Missing reset token. Please use the link from your email."),
      ).toBeVisible();
      await expectNoSeriousA11yViolations(page, "/ace/reset-password without a token");
    });

    test("the awaiting-approval state has no serious or critical axe violations", async ({
      page,
      store,
    }) => {
      const partner = await store.partner();
      await signInBrowser(page, partner);
      await openPage(page, "/ace");
      await expect(
        page.getByRole("heading", { name: "Your account is awaiting approval" }),
      ).toBeVisible();
      await expectNoSeriousA11yViolations(page, "/ace awaiting approval");
    });

    test("the partner catalogue, product page, accessories and account have no serious or critical axe violations", async ({
      page,
      store,
    }) => {
      const partner = await store.partner({ approve: true });
      await signInBrowser(page, partner);

      await openPage(page, "/ace");
      await expect(page.getByRole("heading", { name: "Partner Products" })).toBeVisible();
      await expect(page.getByRole("article").first()).toBeVisible();
      await expectNoSeriousA11yViolations(page, "/ace");

      if (width < 768) {
        await page.getByRole("button", { name: "Open menu" }).click();
        await expect(page.getByRole("navigation", { name: "Partner mobile" })).toBeVisible();
        await expectNoSeriousA11yViolations(page, "/ace with the menu open");
        await page.getByRole("button", { name: "Close menu" }).click();
      }

      await page.getByRole("article").first().getByRole("link", { name: "View Details" }).click();
      await expect(page.getByText("ACE Pricing")).toBeVisible();
      await expectNoSeriousA11yViolations(page, "/ace/products/{id}");

      await openPage(page, "/ace/accessories");
      await expect(page.getByRole("heading", { level: 1, name: "Accessories" })).toBeVisible();
      await expect(page.getByRole("article").first()).toBeVisible();
      await expectNoSeriousA11yViolations(page, "/ace/accessories");

      await openPage(page, "/ace/account");
      await expect(page.getByLabel("Company Name")).toHaveValue(partner.company);
      await expectNoSeriousA11yViolations(page, "/ace/account");
    });
  });
}
