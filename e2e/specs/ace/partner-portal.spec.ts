import { expect, test } from "@playwright/test";
import { waitForMail } from "../../support/mail.ts";
import { openPage } from "../../support/page.ts";
import { signInToAdmin } from "../admin/admin-helpers.ts";

test.describe("ACE partner portal", () => {
  test("register, wait for approval, see partner prices, reset the password and edit the profile", async ({
    page,
    request,
  }) => {
    const email = `partner-${Date.now()}@hardware.example`;
    const firstPassword = "Maple-floor-2026";
    const newPassword = "Walnut-plank-2027";

    // A signed-out visitor is sent to the login page, carrying where they came from.
    await openPage(page, "/ace");
    await expect(page).toHaveURL(/\/ace\/login\?redirect=%2Face$/);
    await page.getByRole("link", { name: "Register for an account" }).click();
    await expect(page).toHaveURL(/\/ace\/register$/);

    // Mismatched passwords are caught without a request.
    const registerCalls: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/api/ace/auth/register")) registerCalls.push(r.method());
    });
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(firstPassword);
    await page.getByLabel("Confirm Password").fill("something-else-1");
    await page.getByLabel("Company / Store Name").fill("Ace Hardware Homewood");
    await page.getByLabel("Company Address").fill("1 Main St\nHomewood, AL 35209");
    await page.getByLabel("Contact Name").fill("Dana Buyer");
    await page.getByLabel("Phone").fill("(205) 555-0101");
    await page.getByRole("button", { name: "Register" }).click();
    await expect(page.getByRole("alert")).toHaveText("Passwords do not match");
    expect(registerCalls).toEqual([]);

    await page.getByLabel("Confirm Password").fill(firstPassword);
    await page.getByRole("button", { name: "Register" }).click();
    await expect(page).toHaveURL(/\/ace$/);
    await expect(
      page.getByRole("heading", { name: "Your account is awaiting approval" }),
    ).toBeVisible();
    const token = await page.evaluate(() => localStorage.getItem("ace_token"));
    expect(token).toBeTruthy();

    // An admin approves the account in the back office's Partners tab.
    const adminPage = await page.context().newPage();
    await signInToAdmin(adminPage, "partners");
    const row = adminPage.getByRole("row").filter({ hasText: email });
    await expect(row.getByText("pending", { exact: true })).toBeVisible();
    await row.getByRole("button", { name: "Approve" }).click();
    await expect(row.getByText("approved", { exact: true })).toBeVisible();
    await expect(row.getByRole("button", { name: "Approve" })).toHaveCount(0);
    await adminPage.close();

    // Partner prices (ace_shown_price) show on the list and the detail page.
    await page.reload();
    await expect(page.getByRole("heading", { name: "Partner Products" })).toBeVisible();
    await expect(page.getByRole("article").first().getByText("ACE Price")).toBeVisible();
    const productApi = await request.get("/api/ace/products", {
      headers: { authorization: `Bearer ${token}` },
    });
    const products = (await productApi.json()) as Array<{
      id: number;
      name: string;
      ace_shown_price: number;
      price_per_box: number;
    }>;
    const shown = products[0];
    expect(shown?.ace_shown_price).toBeGreaterThan(0);
    const shownCard = page.getByRole("article").filter({ hasText: shown?.name ?? "" });
    await expect(shownCard.getByText(`$${shown?.ace_shown_price.toFixed(2)}`)).toBeVisible();
    await shownCard.getByRole("link", { name: "View Details" }).click();
    await expect(page.getByRole("heading", { name: shown?.name })).toBeVisible();
    await expect(page.getByText("ACE Pricing")).toBeVisible();
    await expect(page.getByText(`$${shown?.price_per_box.toFixed(2)} per box`)).toBeVisible();
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByRole("button", { name: "✓ Added to Cart" })).toBeVisible();
    const cart = await page.evaluate(() =>
      JSON.parse(localStorage.getItem("flooringCart") ?? "[]"),
    );
    expect(cart[0]).toMatchObject({
      product_id: shown?.id,
      partner_price: true,
      unit_price: shown?.price_per_box,
    });

    // The cart preview that opened after Add to Cart closes by itself after 3 s.
    await expect(page.getByRole("region", { name: "Your Cart" })).toBeHidden();

    // Log out: /ace then sends to the login page.
    await page
      .getByRole("navigation", { name: "Partner" })
      .getByRole("button", { name: "Logout" })
      .click();
    await expect(page).toHaveURL(/\/ace\/login/);
    expect(await page.evaluate(() => localStorage.getItem("ace_token"))).toBeNull();
    // Signed out, the cart line goes back to the public price.
    const publicBox = (await (await request.get(`/api/products/${shown?.id}`)).json())
      .price_per_box;
    await expect
      .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem("flooringCart") ?? "[]")[0]))
      .toMatchObject({ unit_price: publicBox });

    // Forgot password, then the link from the captured email.
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    // Wait for the new page: the login page has an Email field too.
    await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.getByText("Password reset email sent")).toBeVisible();
    await expect(page.getByText(/check your spam folder/)).toBeVisible();
    const mail = await waitForMail((m) => m.to.includes(email) && /reset/i.test(m.subject));
    const link = /(https?:\/\/\S+\/ace\/reset-password\?token=[A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    expect(link).toBeTruthy();
    await openPage(page, new URL(link ?? "").pathname + new URL(link ?? "").search);
    await page.getByLabel("New Password", { exact: true }).fill("short");
    await page.getByLabel("Confirm New Password").fill("short");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.getByRole("alert")).toHaveText("Password must be at least 8 characters long");
    await page.getByLabel("New Password", { exact: true }).fill(newPassword);
    await page.getByLabel("Confirm New Password").fill(newPassword);
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.getByText("Password reset successful")).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to login now" })).toBeVisible();
    await expect(page).toHaveURL(/\/ace\/login$/, { timeout: 6000 });

    // The old password fails, the new one works and returns to the page asked for.
    await openPage(page, "/ace/account");
    await expect(page).toHaveURL(/\/ace\/login\?redirect=%2Face%2Faccount$/);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(firstPassword);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toHaveText("Invalid email or password.");
    await page.getByLabel("Password").fill(newPassword);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/ace\/account$/);

    // Edit the profile.
    await expect(page.getByLabel("Email")).toHaveValue(email);
    await expect(page.getByRole("heading", { name: "Company Information" })).toBeVisible();
    await page.getByLabel("Company Name").fill("Ace Hardware Vestavia");
    await page.getByLabel("Street Address").fill("12 Dock Rd");
    await page.getByLabel("City").fill("Vestavia Hills");
    // The same list of states as the checkout, not a free text box.
    const state = page.getByRole("combobox", { name: "State" });
    await expect(state.getByRole("option")).toHaveCount(52);
    await state.selectOption({ label: "Alabama" });
    await page.getByLabel("ZIP Code").fill("35216");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Your profile has been updated successfully!")).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("Company Name")).toHaveValue("Ace Hardware Vestavia");
    await expect(page.getByLabel("City")).toHaveValue("Vestavia Hills");
    await expect(page.getByRole("combobox", { name: "State" })).toHaveValue("AL");
  });

  test("the reset page without a token says so and cannot be submitted", async ({ page }) => {
    await openPage(page, "/ace/reset-password");
    await expect(
      page.getByText("Missing reset token. Please use the link from your email."),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Reset Password" })).toBeDisabled();
  });

  test("a login failure shows the server's message in a red banner and a foreign redirect is ignored", async ({
    page,
  }) => {
    await openPage(page, "/ace/login?redirect=https%3A%2F%2Fevil.example%2F");
    await page.getByLabel("Email").fill(`nobody-${Date.now()}@hardware.example`);
    await page.getByLabel("Password").fill("Whatever-pass-1");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toHaveText("Invalid email or password.");
  });
});
