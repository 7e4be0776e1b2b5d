import { openPage } from "../../support/page.ts";
import { expect, test } from "../../support/store-data.ts";
import { fillCustomerAndBilling, waitForHydration } from "../shop/shop-fixtures.ts";
import { signInBrowser } from "./ace-fixtures.ts";

test("an approved partner adds a partner product to the cart and pays the partner price on the test page", async ({
  page,
  request,
  store,
}) => {
  const partner = await store.partner({ approve: true });
  const email = partner.email;
  const created = await store.product({ our_price: 4.99, ace_price: 3.1, ace_shown_price: 3.6 });
  const product = (await (
    await request.get(`/api/ace/products/${created.id}`, {
      headers: { authorization: `Bearer ${partner.token}` },
    })
  ).json()) as { id: number; name: string; price_per_box: number; stock_quantity: number };
  expect(product.stock_quantity).toBeGreaterThanOrEqual(3);
  expect(product.price_per_box).toBeGreaterThan(0);
  const publicProduct = await (await request.get(`/api/products/${product.id}`)).json();
  expect(publicProduct.price_per_box).toBeGreaterThan(product.price_per_box);

  // Sign the browser in as the partner, then buy from the partner product page.
  await signInBrowser(page, partner);
  await openPage(page, `/ace/products/${product.id}`);
  await expect(page.getByRole("heading", { name: product.name })).toBeVisible();
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByRole("button", { name: "✓ Added to Cart" })).toBeVisible();

  await openPage(page, "/cart?step=checkout");
  // The totals for the address as typed: each field change prices the cart again, so wait for
  // the answer for the whole address (Alabama's tax included) before reading the total.
  const priced = page.waitForResponse((response) => {
    if (!response.url().endsWith("/api/cart/calculate")) return false;
    const body = response.request().postDataJSON() as {
      shipping_state?: string;
      shipping_zip?: string;
    };
    return body.shipping_state === "AL" && body.shipping_zip === "35212";
  });
  await fillCustomerAndBilling(page, { name: "Lee Buyer", email, phone: "(205) 555-0102" });
  const quote = (await (await priced).json()) as { total: number; tax: number };
  expect(quote.tax).toBeGreaterThan(0);
  const total = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(
    quote.total,
  );
  await expect(page.getByTestId("order-total")).toHaveText(total);
  const partnerBox = `$${product.price_per_box.toFixed(2)}`;
  await expect(page.getByText(partnerBox).first()).toBeVisible();
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
