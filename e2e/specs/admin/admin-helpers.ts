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
