import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../../support/axe.ts";
import { waitForMail } from "../../support/mail.ts";
import { openPage } from "../../support/page.ts";
import { signInToAdmin } from "./admin-helpers.ts";

/** A fresh email per test run: accounts outlive a spec on a reused server. */
const uniqueEmail = (who: string) =>
  `${who}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@magiccityfloors.example`;

async function createStaffAccount(
  page: Page,
  account: { name: string; email: string; role: string; password: string },
  options: { checkAccessibility?: boolean } = {},
) {
  await page.getByRole("tab", { name: "Staff" }).click();
  await page.getByRole("button", { name: "New staff account" }).click();
  const form = page.getByRole("form", { name: "New staff account" });
  if (options.checkAccessibility)
    await expectNoSeriousA11yViolations(page, "Staff tab with the form");
  await form.getByLabel("Name").fill(account.name);
  await form.getByLabel("Email").fill(account.email);
  await form.getByLabel("Role").selectOption({ label: account.role });
  await form.getByLabel("First password").fill(account.password);
  await form.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText(`Account created for ${account.name}`)).toBeVisible();
  await expect(page.getByRole("cell", { name: account.email })).toBeVisible();
}

async function signInAs(page: Page, email: string, password: string) {
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
}

test("an owner creates a staff user who signs in with the session cookie and sees orders but not products or staff accounts", async ({
  page,
  context,
}) => {
  const dana = {
    name: "Dana Reyes",
    email: uniqueEmail("dana"),
    role: "Staff (orders, inbox, jobs)",
    password: "Hickory-floor-2030",
  };
  await signInToAdmin(page);
  await expect(page.getByText("Owner", { exact: true })).toBeVisible();
  await createStaffAccount(page, dana, { checkAccessibility: true });

  // The browser holds an HttpOnly, SameSite=Strict cookie and nothing in web storage.
  const cookies = await context.cookies();
  const session = cookies.find((cookie) => cookie.name === "mcf_staff_session");
  expect(session).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/api/admin" });
  expect(await page.evaluate(() => document.cookie)).toBe("");
  const storage = await page.evaluate(() =>
    JSON.stringify({ session: { ...sessionStorage }, local: { ...localStorage } }),
  );
  expect(storage).not.toContain("e2e-admin-password");

  await page.getByRole("button", { name: "Logout" }).click();
  await signInAs(page, dana.email, dana.password);
  await expect(page.getByText(dana.name, { exact: true })).toBeVisible();
  for (const tab of ["Orders", "Inbox", "Jobs", "Calendar"]) {
    await expect(page.getByRole("tab", { name: tab })).toBeVisible();
  }
  for (const tab of ["Products", "Coupons", "Partners", "Outbox", "Audit", "Staff"]) {
    await expect(page.getByRole("tab", { name: tab })).toHaveCount(0);
  }
  await expect(page.getByText("Select an order to view details")).toBeVisible();

  // A link to a tab the role cannot open lands on its first tab instead; a reload keeps the session.
  await openPage(page, "/admin?tab=staff");
  await expect(page.getByRole("tab", { name: "Orders" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tab", { name: "Staff" })).toHaveCount(0);
});

test("a catalogue account sees products and coupons only", async ({ page }) => {
  const cat = {
    name: "Casey Catalogue",
    email: uniqueEmail("casey"),
    role: "Catalogue (products, coupons)",
    password: "Bamboo-plank-2030",
  };
  await signInToAdmin(page);
  await createStaffAccount(page, cat);
  await page.getByRole("button", { name: "Logout" }).click();
  await signInAs(page, cat.email, cat.password);
  await expect(page.getByRole("tab", { name: "Products" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await expect(page.getByRole("tab", { name: "Coupons" })).toBeVisible();
  for (const tab of ["Orders", "Inbox", "Jobs", "Staff"]) {
    await expect(page.getByRole("tab", { name: tab })).toHaveCount(0);
  }
});

test("a cross-site form post with the session cookie is refused and creates nothing", async ({
  page,
  baseURL,
}) => {
  await signInToAdmin(page);
  const victim = uniqueEmail("mallory");
  // Another site's page that posts a form to the store's admin API as soon as it loads.
  await page.route("http://attacker.example/**", (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<!doctype html><title>Win a floor</title>
        <form method="post" action="${baseURL}/api/admin/staff">
          <input name="name" value="Mallory"><input name="email" value="${victim}">
          <input name="role" value="owner"><input name="password" value="Cross-site-2030">
        </form>
        <script>document.forms[0].submit()</script>`,
    }),
  );
  const [answer] = await Promise.all([
    page.waitForResponse((response) => response.url() === `${baseURL}/api/admin/staff`),
    page.goto("http://attacker.example/win"),
  ]);
  expect([401, 403]).toContain(answer.status());
  await expect(page.locator("body")).toContainText('"detail"');

  await openPage(page, "/admin?tab=staff");
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
  await expect(page.getByRole("heading", { name: /Staff accounts \(\d+\)/ })).toBeVisible();
  await expect(page.getByRole("cell", { name: victim })).toHaveCount(0);
});

test("a staff member who forgot the password resets it from the emailed link; the old password stops working", async ({
  page,
}) => {
  const lee = {
    name: "Lee Forgetful",
    email: uniqueEmail("lee"),
    role: "Staff (orders, inbox, jobs)",
    password: "Chestnut-tile-2030",
  };
  await signInToAdmin(page);
  await createStaffAccount(page, lee);
  await page.getByRole("button", { name: "Logout" }).click();

  await page.getByRole("button", { name: "Forgot password?" }).click();
  await expectNoSeriousA11yViolations(page, "the forgot-password form");
  await page.getByLabel("Email", { exact: true }).fill(lee.email);
  await page.getByRole("button", { name: "Email me a reset link" }).click();
  await expect(
    page.getByText(
      "If a staff account exists for that email, a password reset link is on its way.",
    ),
  ).toBeVisible();
  const mail = await waitForMail((m) => m.to.includes(lee.email));
  expect(mail.subject).toBe("Reset your back-office password");
  const link = /(http\S+\/admin\/reset-password\?token=[A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  expect(link).toBeTruthy();

  await openPage(page, new URL(link ?? "").pathname + new URL(link ?? "").search);
  await expectNoSeriousA11yViolations(page, "/admin/reset-password");
  await page.getByLabel("New password", { exact: true }).fill("Sycamore-board-2031");
  await page.getByLabel("Confirm new password").fill("Sycamore-board-2031");
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(page.getByText(/^Password reset successful/)).toBeVisible();
  await page.getByRole("link", { name: "Sign in" }).click();

  await page.getByLabel("Email", { exact: true }).fill(lee.email);
  await page.getByLabel("Password", { exact: true }).fill(lee.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toHaveText("Invalid email or password.");
  await signInAs(page, lee.email, "Sycamore-board-2031");
});
