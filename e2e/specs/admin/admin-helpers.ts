import { expect, type Page } from "@playwright/test";
import { e2eAdminPassword } from "../../support/env.ts";
import { openPage } from "../../support/page.ts";

export const adminHeaders = { "admin-password": e2eAdminPassword };

/** Opens /admin and signs in with the run's admin password. */
export async function signInToAdmin(page: Page, tab?: string) {
  await openPage(page, tab ? `/admin?tab=${tab}` : "/admin");
  await page.getByLabel("Password", { exact: true }).fill(e2eAdminPassword);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
}

/** Creates a product through the admin API (each test uses products of its own). */
export async function createProductViaApi(page: Page, fields: Record<string, unknown>) {
  const response = await page.request.post("/api/admin/products", {
    headers: adminHeaders,
    data: fields,
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: number; name: string; sku: string | null };
}
