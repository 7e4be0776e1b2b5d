import { openPage } from "../../support/page.ts";
import { expect, test } from "../../support/store-data.ts";
import { signInToAdmin } from "../admin/admin-helpers.ts";
import { signInBrowser } from "./ace-fixtures.ts";

test("signing in returns only to a page of the partner area on this site", async ({
  page,
  store,
}) => {
  const partner = await store.partner({ approve: true });
  const signIn = async (redirect: string) => {
    await openPage(page, `/ace/login?redirect=${encodeURIComponent(redirect)}`);
    await page.evaluate(() => localStorage.removeItem("ace_token"));
    await openPage(page, `/ace/login?redirect=${encodeURIComponent(redirect)}`);
    await page.getByLabel("Email").fill(partner.email);
    await page.getByLabel("Password").fill(partner.password);
    await page.getByRole("button", { name: "Sign in" }).click();
  };

  for (const foreign of ["https://evil.example/ace", "//evil.example/ace", "/products"]) {
    await signIn(foreign);
    await expect(page.getByRole("heading", { name: "Partner Products" })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe("/ace");
  }
  await signIn("/ace/account");
  await expect(page).toHaveURL(/\/ace\/account$/);
  await expect(page.getByLabel("Email")).toHaveValue(partner.email);
});

test("sign in blocks a second submission while the first is under way", async ({ page, store }) => {
  const partner = await store.partner({ approve: true });
  let calls = 0;
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/ace/auth/login", async (route) => {
    calls += 1;
    await held;
    await route.continue();
  });
  await openPage(page, "/ace/login");
  await page.getByLabel("Email").fill(partner.email);
  await page.getByLabel("Password").fill(partner.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  const busy = page.getByRole("button", { name: "Signing in..." });
  await expect(busy).toBeDisabled();
  await page.getByLabel("Password").press("Enter");
  release();
  await expect(page.getByRole("heading", { name: "Partner Products" })).toBeVisible();
  expect(calls).toBe(1);
});

test("a failed user fetch is retried once after a second", async ({ page, store }) => {
  const partner = await store.partner({ approve: true });
  await signInBrowser(page, partner);
  const calls: number[] = [];
  await page.route("**/api/ace/me", (route) => {
    calls.push(Date.now());
    if (calls.length === 1)
      return route.fulfill({ status: 503, json: { detail: "Service Unavailable" } });
    return route.continue();
  });
  await openPage(page, "/ace");
  await expect(page.getByRole("heading", { name: "Partner Products" })).toBeVisible();
  expect(calls).toHaveLength(2);
  expect((calls[1] ?? 0) - (calls[0] ?? 0)).toBeGreaterThanOrEqual(900);
  expect(await page.evaluate(() => localStorage.getItem("ace_token"))).toBe(partner.token);
});

test("a token the server no longer knows is removed and the visitor asked to sign in", async ({
  page,
}) => {
  await openPage(page, "/ace/login");
  await page.evaluate(() => localStorage.setItem("ace_token", "expired-or-revoked-token"));
  await openPage(page, "/ace/account");
  await expect(page).toHaveURL(/\/ace\/login\?redirect=%2Face%2Faccount$/);
  await expect(page.getByRole("heading", { name: "Partner sign in" })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("ace_token"))).toBeNull();
});

test("a partner disabled in the Partners tab is signed out and cannot sign in", async ({
  page,
  request,
  store,
}) => {
  const partner = await store.partner({
    approve: true,
    company: `Ace Hardware Disabled ${Date.now()}`,
  });
  await signInBrowser(page, partner);
  await openPage(page, "/ace");
  await expect(page.getByRole("heading", { name: "Partner Products" })).toBeVisible();

  const adminPage = await page.context().newPage();
  await signInToAdmin(adminPage, "partners");
  const row = adminPage.getByRole("row").filter({ hasText: partner.email });
  adminPage.once("dialog", (dialog) => void dialog.accept());
  await row.getByRole("button", { name: "Disable" }).click();
  await expect(row.getByText("disabled", { exact: true })).toBeVisible();
  await adminPage.close();

  await openPage(page, "/ace");
  await expect(page).toHaveURL(/\/ace\/login\?redirect=%2Face$/);
  await page.getByLabel("Email").fill(partner.email);
  await page.getByLabel("Password").fill(partner.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "This partner account has been disabled. Please contact us for help.",
  );
  const products = await request.get("/api/ace/products", {
    headers: { authorization: `Bearer ${partner.token}` },
  });
  expect(products.status()).toBe(401);
});

test("the cart icon of the partner bar opens the cart slide-over", async ({ page, store }) => {
  const partner = await store.partner({ approve: true });
  await signInBrowser(page, partner);
  await openPage(page, "/ace");
  await expect(page.getByRole("heading", { name: "Partner Products" })).toBeVisible();
  const cartButton = page.getByRole("button", { name: /^Cart,/ });
  await cartButton.click();
  const cart = page.getByRole("dialog", { name: "Your Cart" });
  await expect(cart).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(cart).toBeHidden();
  await expect(cartButton).toBeFocused();
  expect(new URL(page.url()).pathname).toBe("/ace");
});

test("partner forms show the server's message, else the spec's own", async ({ page, store }) => {
  const partner = await store.partner({ approve: true });
  const failWithoutDetail = (path: string) =>
    page.route(`**${path}`, (route) => route.fulfill({ status: 502, body: "Bad Gateway" }));

  // Reset with a token the server does not know: its own message.
  await openPage(page, "/ace/reset-password?token=not-a-real-token-at-all");
  await page.getByLabel("New Password", { exact: true }).fill("Fresh-walnut-2027");
  await page.getByLabel("Confirm New Password").fill("Fresh-walnut-2027");
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "Invalid or expired token. Please request a new password reset.",
  );

  await failWithoutDetail("/api/ace/auth/login");
  await openPage(page, "/ace/login");
  await page.getByLabel("Email").fill(partner.email);
  await page.getByLabel("Password").fill(partner.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toHaveText("Login failed");

  await failWithoutDetail("/api/ace/auth/register");
  await openPage(page, "/ace/register");
  await page.getByLabel("Email").fill(`gateway-${Date.now()}@hardware.example`);
  await page.getByLabel("Password", { exact: true }).fill("Gateway-oak-2026");
  await page.getByLabel("Confirm Password").fill("Gateway-oak-2026");
  await page.getByLabel("Company / Store Name").fill("Ace Hardware Gateway");
  await page.getByLabel("Contact Name").fill("Gale Way");
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page.getByRole("alert")).toHaveText("Registration failed");

  await failWithoutDetail("/api/ace/auth/forgot-password");
  await openPage(page, "/ace/forgot-password");
  await page.getByLabel("Email").fill(partner.email);
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page.getByRole("alert")).toHaveText("An error occurred. Please try again later.");

  await failWithoutDetail("/api/ace/auth/reset-password");
  await openPage(page, "/ace/reset-password?token=another-token-value");
  await page.getByLabel("New Password", { exact: true }).fill("Fresh-walnut-2027");
  await page.getByLabel("Confirm New Password").fill("Fresh-walnut-2027");
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "Invalid or expired token. Please request a new password reset.",
  );

  await signInBrowser(page, partner);
  await openPage(page, "/ace/account");
  await expect(page.getByLabel("Company Name")).toHaveValue(partner.company);
  // A partial shipping address: the server says what is missing.
  await page.getByLabel("City").fill("Hoover");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByRole("alert")).toHaveText("Please fill in all shipping address fields.");
  await failWithoutDetail("/api/ace/account");
  await page.getByLabel("City").fill("");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByRole("alert")).toHaveText("Failed to update profile. Please try again.");
});
