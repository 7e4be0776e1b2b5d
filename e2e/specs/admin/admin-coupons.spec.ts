import { expect, test } from "@playwright/test";
import { signInToAdmin } from "./admin-helpers.ts";

test("staff create a coupon, edit it and deactivate it", async ({ page }) => {
  const code = `E2E${Date.now().toString(36).toUpperCase()}`;
  await signInToAdmin(page, "coupons");
  await page.getByRole("button", { name: "New coupon" }).click();
  const form = page.getByRole("form", { name: "New coupon" });
  await form.getByLabel("Code").fill(code.toLowerCase());
  await form.getByLabel("Kind").selectOption("percent");
  await form.getByLabel("Percent", { exact: true }).fill("15");
  await form.getByLabel("Minimum subtotal ($)").fill("50");
  await form.getByRole("button", { name: "Save coupon" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: `Coupon ${code} created` }),
  ).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: code });
  await expect(row).toContainText("15% off");
  await expect(row).toContainText("$50.00");
  await expect(row).toContainText("Active");

  await page.getByRole("button", { name: `Edit coupon ${code}` }).click();
  await page.getByRole("form", { name: "Edit coupon" }).getByLabel("Usage limit").fill("3");
  await page
    .getByRole("form", { name: "Edit coupon" })
    .getByRole("button", { name: "Save coupon" })
    .click();
  await expect(row).toContainText("0 / 3");

  await page.getByRole("button", { name: `Deactivate coupon ${code}` }).click();
  await expect(row).toContainText("Inactive");
});
