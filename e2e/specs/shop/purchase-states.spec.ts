import { openPage, openPageWithClockStopped } from "../../support/page.ts";
import { expect, test } from "../../support/store-data.ts";
import { fillCustomerAndBilling, seedCart, stockOf, waitForHydration } from "./shop-fixtures.ts";

/**
 * The purchase's less travelled states, each exact in the words shoppers see: the checkout's
 * messages when the server cannot be reached, and the success page when the order lookup is
 * slow or the order's lines are not ready.
 */

test.describe("purchase states", () => {
  test("the checkout says when totals or the coupon check fail, and recovers", async ({
    page,
    store,
  }) => {
    const product = await store.product();
    await openPage(page, "/");
    await seedCart(page, [{ product, quantity: 2 }]);

    // A network failure of the totals call, then a server failure.
    await page.route("**/api/cart/calculate", (route) => route.abort("internetdisconnected"));
    await openPage(page, "/cart?step=checkout");
    await expect(
      page.getByText("Failed to calculate cart total. Please check your connection and try again."),
    ).toBeVisible();
    await page.unroute("**/api/cart/calculate");
    await page.route("**/api/cart/calculate", (route) =>
      route.fulfill({ status: 500, json: { detail: "Internal Server Error" } }),
    );
    await page.reload();
    await expect(page.getByText("Failed to calculate cart total. Please try again.")).toBeVisible();
    await page.unroute("**/api/cart/calculate");
    await page.reload();
    await expect(page.getByTestId("order-total")).toHaveText(/^\$\d/);

    // The coupon check failing is not the shopper's fault: the spec's message, no discount.
    await page.route("**/api/coupons/**", (route) => route.abort("internetdisconnected"));
    await page.getByLabel("Coupon code", { exact: true }).fill("WELCOME10");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByText("Error validating coupon. Please try again.")).toBeVisible();
    await expect(page.getByText(/^Discount applied/)).toHaveCount(0);
    await page.unroute("**/api/coupons/**");

    // An unknown code shows the server's reason with no discount.
    await page.getByLabel("Coupon code", { exact: true }).fill("NO-SUCH-CODE");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByText("Invalid coupon code", { exact: true })).toBeVisible();
    await expect(page.getByText(/^Discount applied/)).toHaveCount(0);
  });

  test("the checkout asks for billing and shipping fields with the spec's messages and sends trimmed values", async ({
    page,
    request,
    store,
  }) => {
    const product = await store.product();
    const stockBefore = await stockOf(request, product.id);
    await openPage(page, "/");
    await seedCart(page, [{ product, quantity: 1 }]);
    await openPage(page, "/cart?step=checkout");
    await expect(page.getByLabel("Country", { exact: true })).toHaveValue("US");
    // 50 states plus DC, after the "Select a state" prompt.
    const states = page.getByLabel("State", { exact: true }).locator("option:not([value=''])");
    await expect(states).toHaveCount(51);
    await expect(states.filter({ hasText: "District of Columbia" })).toHaveCount(1);

    await fillCustomerAndBilling(page, {
      name: "  Tri Mmed  ",
      email: ` trimmed-${Date.now()}@example.com `,
      phone: " 205-555-0177 ",
    });
    await page.getByLabel("City", { exact: true }).fill("   ");
    const pay = page.getByRole("button", { name: /Proceed to Payment · \$/ });
    await pay.click();
    await expect(page.getByRole("alert")).toHaveText("Please fill in all billing address fields.");
    await page.getByLabel("City", { exact: true }).fill(" Birmingham ");

    await page.getByLabel("Ship to a different address").check();
    const shipping = page.getByRole("group", { name: "Shipping Address" });
    await shipping.getByLabel("Street Address").fill(" 900 Lakeshore Dr ");
    await pay.click();
    await expect(page.getByRole("alert")).toHaveText("Please fill in all shipping address fields.");
    await shipping.getByLabel("City").fill(" Homewood ");
    await shipping.getByLabel("State").selectOption("AL");
    await shipping.getByLabel("ZIP Code").fill(" 35209 ");
    // Tax follows the ship-to state.
    await expect(page.getByText("Tax (10%)")).toBeVisible();
    await pay.click();

    await expect(page).toHaveURL(/\/pay\//);
    await waitForHydration(page);
    const sessionId = new URL(page.url()).pathname.split("/").pop() as string;
    const order = await (await request.get(`/api/orders/by-session/${sessionId}`)).json();
    expect(order.customer_name).toBe("Tri Mmed");
    expect(order.customer_phone).toBe("205-555-0177");
    expect(order.shipping_address).toMatchObject({
      street: "900 Lakeshore Dr",
      city: "Homewood",
      state: "AL",
      zip_code: "35209",
    });

    // Cancel returns to the checkout with the form kept, and the stock comes back.
    await page.getByRole("button", { name: "Cancel and return to cart" }).click();
    await expect(page).toHaveURL(/\/cart\?step=checkout$/);
    await expect(page.getByLabel("Full Name", { exact: true })).toHaveValue("  Tri Mmed  ");
    expect(await stockOf(request, product.id)).toBe(stockBefore);
  });

  test("asking for more boxes than are left says Payment failed with the server's reason", async ({
    page,
    request,
    store,
  }) => {
    const low = await store.product({ stock_quantity: 3 });
    await openPage(page, "/");
    await seedCart(page, [
      {
        product: {
          ...low,
          sqft_per_carton: null,
          thumbnail_image_url: null,
          main_image_url: null,
          image_url: null,
        },
        quantity: low.stock_quantity + 1,
      },
    ]);
    await openPage(page, "/cart?step=checkout");
    await fillCustomerAndBilling(page, {
      name: "Moe Boxes",
      email: `too-many-${Date.now()}@example.com`,
      phone: "205-555-0111",
    });
    // The summary says it before the payment is tried: the same sentence checkout refuses with.
    await expect(
      page.getByText(
        `Sorry, only ${low.stock_quantity} boxes of "${low.name}" are left. Please lower the quantity in your cart.`,
        { exact: true },
      ),
    ).toBeVisible();
    await page.getByRole("button", { name: /Proceed to Payment · \$/ }).click();
    await expect(page.getByRole("alert")).toHaveText(
      `Payment failed: Sorry, only ${low.stock_quantity} boxes of "${low.name}" are left. Please lower the quantity in your cart.`,
    );
    await expect(page).toHaveURL(/\/cart\?step=checkout$/);
    expect(await stockOf(request, low.id)).toBe(low.stock_quantity);
  });

  test("a payment that cannot start says why, in the spec's words, and stays on the checkout", async ({
    page,
    store,
  }) => {
    const product = await store.product();
    await openPage(page, "/");
    await seedCart(page, [{ product, quantity: 1 }]);
    await openPage(page, "/cart?step=checkout");
    await fillCustomerAndBilling(page, {
      name: "Pat Problem",
      email: `problem-${Date.now()}@example.com`,
      phone: "205-555-0155",
    });
    const pay = page.getByRole("button", { name: /Proceed to Payment · \$/ });
    const process = "**/api/payments/process";
    const alert = page.getByRole("alert");

    await page.route(process, (route) => route.fulfill({ status: 200, json: { url: "" } }));
    await pay.click();
    await expect(alert).toHaveText("Payment failed: Invalid response from payment server");
    await page.unroute(process);

    await page.route(process, (route) => route.fulfill({ status: 502, body: "Bad Gateway" }));
    await pay.click();
    await expect(alert).toHaveText("Payment failed: Payment failed with status 502");
    await page.unroute(process);

    await page.route(process, (route) => route.abort("internetdisconnected"));
    await pay.click();
    await expect(alert).toHaveText("Payment failed: Payment initiation failed. Please try again.");
    await expect(page).toHaveURL(/\/cart\?step=checkout$/);
  });

  test("the server's refusal of what was typed leaves once the shopper corrects it", async ({
    page,
    store,
  }) => {
    const product = await store.product();
    await openPage(page, "/");
    await seedCart(page, [{ product, quantity: 1 }]);
    await openPage(page, "/cart?step=checkout");
    await fillCustomerAndBilling(page, {
      name: "Pat Typo",
      email: "pat@example",
      phone: "205-555-0155",
    });
    await page.getByRole("button", { name: /Proceed to Payment · \$/ }).click();
    await expect(page.getByRole("alert")).toHaveText(
      /^Payment failed: Please enter a valid email address/,
    );
    await page.getByLabel("Email", { exact: true }).fill(`pat-${Date.now()}@example.com`);
    await expect(page.getByText(/^Payment failed:/)).toHaveCount(0);
    await expect(page).toHaveURL(/\/cart\?step=checkout$/);
  });

  test("a lookup that takes 10 s tells the shopper the payment went through", async ({ page }) => {
    // The order lookup never answers.
    await page.route("**/api/orders/by-session/**", () => {});
    await openPageWithClockStopped(page, "/success?session_id=cs_test_slow_lookup");
    await expect(page.getByText("Loading your order details...")).toBeVisible();
    await page.clock.runFor(9_000);
    await expect(page.getByText("Loading your order details...")).toBeVisible();
    await page.clock.runFor(1_500);
    await expect(page.getByRole("heading", { name: "Your payment was successful" })).toBeVisible();
    await expect(
      page.getByText(
        "Loading your order details is taking longer than expected. Your payment went through, and our team will contact you shortly with your order confirmation.",
      ),
    ).toBeVisible();
  });

  test("a paid order whose lines are not ready says the product details are being processed", async ({
    page,
    store,
  }) => {
    const product = await store.product();
    const { sessionId } = await store.paidOrder({
      product,
      email: `states-${Date.now()}@example.com`,
    });
    // The real answer for this order, with its lines not yet there.
    await page.route("**/api/orders/by-session/**", async (route) => {
      const response = await route.fetch();
      const order = await response.json();
      await route.fulfill({ response, json: { ...order, items: [] } });
    });
    await openPage(page, `/success?session_id=${sessionId}`);
    await expect(page.getByRole("heading", { name: "Thank you for your order!" })).toBeVisible();
    await expect(page.getByText("Product details are being processed...")).toBeVisible();
    await expect(page.getByText(product.name)).toHaveCount(0);
  });

  test("order_details in the query finds the order by its session id", async ({ page, store }) => {
    const product = await store.product();
    const { sessionId } = await store.paidOrder({
      product,
      email: `details-${Date.now()}@example.com`,
    });
    // Amounts in order_details are ignored: what is shown comes from the server.
    const details = encodeURIComponent(
      JSON.stringify({ session_id: sessionId, total_amount: 0.01 }),
    );
    await openPage(page, `/success?order_details=${details}`);
    await expect(page.getByRole("heading", { name: "Thank you for your order!" })).toBeVisible();
    await expect(page.getByText(product.name)).toBeVisible();
    await expect(page.getByText("$0.01")).toHaveCount(0);
  });
});
