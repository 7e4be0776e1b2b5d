import { expect, type Page } from "@playwright/test";
import { e2eAdminPassword } from "../../support/env.ts";
import { openPage } from "../../support/page.ts";

/** Opens /admin and signs in with the run's admin password. */
export async function signInToAdmin(page: Page, tab?: string) {
  await openPage(page, tab ? `/admin?tab=${tab}` : "/admin");
  await page.getByLabel("Password", { exact: true }).fill(e2eAdminPassword);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
}

/**
 * Searches the Products tab for `name` and opens its editor once the list shows only what the
 * search found: a click on the whole list just as the search answered could land on a row that
 * moved, and open nothing.
 */
export async function openProductEditor(page: Page, name: string) {
  await page.getByPlaceholder(/Search name/).fill(name);
  const table = page.getByRole("region", { name: "Product table" });
  // Only the header row lacks the name once the list is the search's.
  await expect(table.getByRole("row").filter({ hasNotText: name })).toHaveCount(1);
  await page.getByRole("button", { name: `Edit ${name}` }).click();
}
