import { expect, test } from "@playwright/test";
import { buildProjectInquiry } from "../../../server/test/api-factories.ts";
import { signInToAdmin } from "./admin-helpers.ts";

test("the outbox lists sent mail with counts by status", async ({ page }) => {
  await signInToAdmin(page, "outbox");
  await expect(page.getByRole("button", { name: /^Sent \(\d+\)/ })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Failed \(\d+\)/ })).toBeVisible();
  await page.getByRole("button", { name: /^Failed/ }).click();
  await expect(page.getByRole("button", { name: /^Failed/ })).toHaveClass(/bg-navy-800/);
  await expect(page.getByRole("row").nth(1)).toBeVisible();
});

test("staff open an email and read what was sent", async ({ page }) => {
  const name = `Outbox Reader ${Date.now()}`;
  const created = await page.request.post("/api/project-inquiries", {
    data: buildProjectInquiry({ name, additional_notes: "Two bedrooms and a hallway" }),
  });
  expect(created.ok()).toBe(true);

  await signInToAdmin(page, "outbox");
  await page.getByRole("button", { name: /^All/ }).click();
  const open = page.getByRole("button", { name: new RegExp(`^Open email .*${name}`) }).first();
  await open.click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByTestId("email-body")).toContainText("Two bedrooms and a hallway");
  await dialog.getByRole("button", { name: "Close email" }).click();
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();
});
