import { expect, test } from "@playwright/test";
import { e2eAdminPassword } from "../../support/env.ts";
import { openPage } from "../../support/page.ts";
import { fillCustomerAndBilling, waitForHydration } from "../shop/shop-fixtures.ts";

test("an approved partner adds a partner product to the cart and pays the partner price on the test page", async ({
  page,
  request,
}) => {
  const email = `partner-buyer-${Date.now()}@hardware.example`;
  const register = await request.post("/api/ace/auth/register", {
    data: {
      email,
      password: "Cedar-plank-2026",
      company: "Ace Hardware Trussville",
      contact_name: "Lee Buyer",
      phone: "(205) 555-0102",
      company_address: "2 Main St",
    },
  });
  expect(register.ok()).toBe(true);
  const token = register.headers()["x-ace-token"] ?? "";
  const partners = await (
    await request.get("/api/admin/partners", { headers: { "admin-password": e2eAdminPassword } })
  ).json();
  const partner = partners.partners.find((p: { email: string }) => p.email === email);
  expect(
    (
      await request.post(`/api/admin/partners/${partner.id}/approve`, {
        headers: { "admin-password": e2eAdminPassword },
      })
    ).ok(),
  ).toBe(true);

  const aceProducts = (await (
    await request.get("/api/ace/products", { headers: { authorization: `Bearer ${token}` } })
  ).json()) as Array<{
    id: number;
    name: string;
    price_per_box: number;
    stock_quantity: number;
  }>;
  const product = aceProducts.find((p) => p.stock_quantity >= 3 && p.price_per_box > 0);
  if (!product) throw new Error("a partner product in stock is needed");
  const publicProduct = await (await request.get(`/api/products/${product.id}`)).json();
  expect(publicProduct.price_per_box).toBeGreaterThan(product.price_per_box);

  // Sign the browser in as the partner, then buy from the partner product page.
  await openPage(page, "/ace/login");
  await page.evaluate((t) => localStorage.setItem("ace_token", t), token);
  await openPage(page, `/ace/products/${product.id}`);
  await expect(page.getByRole("heading", { name: product.name })).toBeVisible();
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByRole("button", { name: "✓ Added to Cart" })).toBeVisible();

  await openPage(page, "/cart?step=checkout");
  await fillCustomerAndBilling(page, { name: "Lee Buyer", email, phone: "(205) 555-0102" });
  const partnerBox = `$${product.price_per_box.toFixed(2)}`;
  await expect(page.getByText(partnerBox).first()).toBeVisible();
  const total = (await page.getByTestId("order-total").textContent()) ?? "";
  const pay = page.getByRole("button", { name: /Proceed to Payment/ });
  await expect(pay).toHaveText(`Proceed to Payment · ${total}`);
  await pay.click();

  await expect(page).toHaveURL(/\/pay\//);
  await waitForHydration(page);
  await expect(page.getByTestId("payment-amount")).toHaveText(total);
  await page.getByLabel("Card number", { exact: true }).fill("4242 4242 4242 4242");
  await page.getByRole("button", { name: `Pay ${total}` }).click();
  await expect(page).toHaveURL(/\/success\?session_id=/);
  await expect(page.getByRole("heading", { name: "Thank you for your order!" })).toBeVisible();
  await expect(page.getByText(product.name)).toBeVisible();
  await expect(page.getByText(partnerBox).first()).toBeVisible();
});
