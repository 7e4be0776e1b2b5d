import { expect, test } from "@playwright/test";
import { e2eAdminPassword } from "../../support/env.ts";
import { openPage } from "../../support/page.ts";

test("staff sign in with a wrong then the right password, stay signed in on reload, and log out", async ({
  page,
}) => {
  await openPage(page, "/admin");
  await expect(page).toHaveTitle("Admin | Magic City Floors");
  const password = page.getByLabel("Password", { exact: true });
  await password.fill("not-the-password");
  await page.getByRole("button", { name: "Show password" }).click();
  await expect(password).toHaveAttribute("type", "text");
  await page.getByRole("button", { name: "Hide password" }).click();
  await expect(password).toHaveAttribute("type", "password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toHaveText("Invalid password");

  await password.fill(e2eAdminPassword);
  await page.getByRole("button", { name: "Sign in" }).click();
  // The shop password signs in the owner, whose first screen is the dashboard.
  await expect(page.getByRole("tab", { name: "Dashboard" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  for (const tab of ["Orders", "Products", "Inbox", "Coupons", "Outbox"]) {
    await expect(page.getByRole("tab", { name: tab })).toBeVisible();
  }
  await page.getByRole("tab", { name: "Orders" }).click();
  await expect(page.getByText("Select an order to view details")).toBeVisible();

  await page.reload();
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByLabel("Password", { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Password", { exact: true })).toBeVisible();
});
