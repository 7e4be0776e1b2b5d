import { expect, test } from "@playwright/test";
import { signInToAdmin } from "./admin-helpers.ts";

test("the outbox lists sent mail with counts by status", async ({ page }) => {
  await signInToAdmin(page, "outbox");
  await expect(page.getByRole("button", { name: /^Sent \(\d+\)/ })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Failed \(\d+\)/ })).toBeVisible();
  await page.getByRole("button", { name: /^Failed/ }).click();
  await expect(page.getByRole("button", { name: /^Failed/ })).toHaveClass(/bg-navy-800/);
  await expect(page.getByRole("row").nth(1)).toBeVisible();
});
