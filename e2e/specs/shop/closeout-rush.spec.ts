import { finalSaleAcknowledgement } from "@mcf/contracts/returns";
import { buildPaymentRequest } from "../../../server/test/factories.ts";
import { openPage } from "../../support/page.ts";
import { expect, test } from "../../support/store-data.ts";
import { fillCustomerAndBilling, seedCart, stockOf } from "./shop-fixtures.ts";

/**
 * A closeout email's minute, as one shopper lives it: the last boxes going while they check out
 * (an answer naming the product, with the cart adjusted in one click), and a busy store (a calm
 * notice while the checkout retries, then the total).
 */

test.describe("checking out in a closeout rush", () => {
  test("boxes selling out during checkout name the product and how many are left, and one click adjusts the cart", async ({
    page,
    request,
    store,
  }) => {
    const product = await store.product({ stock_quantity: 3, is_closeout: true });
    await openPage(page, "/");
    await seedCart(page, [{ product, quantity: 3 }]);
    await openPage(page, "/cart?step=checkout");
    await expect(page.getByTestId("order-total")).toHaveText(/^\$\d/);
    await fillCustomerAndBilling(page, {
      name: "Rush Buyer",
      email: `rush-${Date.now()}@example.com`,
      phone: "205-555-0123",
    });
    // Closeouts are final sale: the shopper acknowledges it before paying.
    await page.getByLabel(finalSaleAcknowledgement).check();

    // Another shopper takes two of the three boxes first.
    const other = await request.post("/api/payments/process", {
      data: buildPaymentRequest([{ product_id: product.id, quantity: 2 }]),
      headers: { "x-forwarded-for": "10.88.0.1" },
    });
    expect(other.status()).toBe(200);

    await page.getByRole("button", { name: /Proceed to Payment · \$/ }).click();
    await expect(
      page.getByRole("heading", { name: `Only 1 box of ${product.name} left` }),
    ).toBeVisible();
    await expect(page.getByRole("alert")).toHaveText(
      `Payment failed: Sorry, only 1 box of "${product.name}" is left. Please lower the quantity in your cart.`,
    );
    await expect(page.getByText("Nothing was charged.")).toBeVisible();
    expect(await stockOf(request, product.id)).toBe(1);

    await page.getByRole("button", { name: "Change to 1 box" }).click();
    await expect(page.getByRole("heading", { name: /Only 1 box of/ })).toHaveCount(0);
    const summary = page.getByRole("region", { name: "Order Summary" });
    await expect(summary.getByText("1 box ×")).toBeVisible();

    await page.getByRole("button", { name: /Proceed to Payment · \$/ }).click();
    await expect(page).toHaveURL(/\/pay\/test_/);
    expect(await stockOf(request, product.id)).toBe(0);
  });

  test("a product gone while checking out can be removed from the cart", async ({
    page,
    request,
    store,
  }) => {
    const product = await store.product({ stock_quantity: 1, is_closeout: true });
    await openPage(page, "/");
    await seedCart(page, [{ product, quantity: 1 }]);
    await openPage(page, "/cart?step=checkout");
    await expect(page.getByTestId("order-total")).toHaveText(/^\$\d/);
    await fillCustomerAndBilling(page, {
      name: "Late Buyer",
      email: `late-${Date.now()}@example.com`,
      phone: "205-555-0124",
    });
    await page.getByLabel(finalSaleAcknowledgement).check();
    const other = await request.post("/api/payments/process", {
      data: buildPaymentRequest([{ product_id: product.id, quantity: 1 }]),
      headers: { "x-forwarded-for": "10.88.0.2" },
    });
    expect(other.status()).toBe(200);

    await page.getByRole("button", { name: /Proceed to Payment · \$/ }).click();
    await expect(
      page.getByRole("heading", { name: `${product.name} just sold out` }),
    ).toBeVisible();
    await page.getByRole("button", { name: "Remove from cart" }).click();
    await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
  });

  test("a busy store shows a calm notice while the totals are retried, then the total", async ({
    page,
    store,
  }) => {
    const product = await store.product();
    await openPage(page, "/");
    await seedCart(page, [{ product, quantity: 2 }]);
    let calls = 0;
    await page.route("**/api/cart/calculate", (route) => {
      calls += 1;
      if (calls > 1) return route.continue();
      return route.fulfill({
        status: 503,
        headers: { "retry-after": "2" },
        json: { detail: "The store is very busy right now. Please try again in a moment." },
      });
    });
    await openPage(page, "/cart?step=checkout");
    await expect(
      page.getByRole("status").filter({ hasText: "The store is very busy right now. Hold on" }),
    ).toBeVisible();
    await expect(page.getByTestId("order-total")).toHaveText(/^\$\d/);
    await expect(page.getByText(/very busy/)).toHaveCount(0);
    await expect(page.getByText("Failed to calculate cart total")).toHaveCount(0);
    expect(calls).toBe(2);
  });
});
