import { waitForMail } from "../../support/mail.ts";
import { openPage } from "../../support/page.ts";
import { expect, test } from "../../support/store-data.ts";
import { fillCustomerAndBilling, seedCart, stockOf, waitForHydration } from "./shop-fixtures.ts";

test.describe("the purchase: cart, checkout, test payment, confirmation and tracking", () => {
  test("a shopper buys two products with a 10% coupon, gets the email and tracks the order", async ({
    page,
    store,
  }) => {
    const first = await store.product();
    const second = await store.product();
    const { code } = await store.coupon({ kind: "percent", value: 10 });
    const email = `buyer-${Date.now()}@example.com`;

    // Add both products from their pages: each rise in boxes opens the slide-over preview.
    const preview = page.getByRole("region", { name: "Your Cart" });
    await openPage(page, `/products/${first.id}`);
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await page.mouse.move(1, 1);
    await expect(preview).toBeVisible();
    await expect(preview.getByText(first.name)).toBeVisible();
    await expect(preview).toHaveCount(0, { timeout: 6_000 });

    await openPage(page, `/products/${second.id}`);
    await page.getByLabel("Quantity (boxes)").fill("3");
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await page.mouse.move(1, 1);
    await expect(preview.getByText(second.name)).toBeVisible();
    await expect(preview.getByText("4 boxes")).toBeVisible();
    await preview.getByRole("button", { name: "Continue Shopping" }).click();
    await expect(preview).toHaveCount(0);

    // Restoring the saved cart on the next page load is not a rise: no slide-over.
    await openPage(page, "/");
    const cartButton = page.getByRole("button", { name: /^Cart, 4 boxes/ });
    await expect(cartButton).toBeVisible();
    await expect(preview).toHaveCount(0);

    // The cart icon opens a real dialog: focus inside, kept inside, Escape returns it to the icon.
    await cartButton.click();
    const dialog = page.getByRole("dialog", { name: "Your Cart" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Close cart" })).toBeFocused();
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press("Tab");
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await expect(
      dialog.getByRole("button", { name: `Decrease quantity of ${first.name}` }),
    ).toBeDisabled();
    await expect(
      dialog.getByRole("button", { name: `Decrease quantity of ${second.name}` }),
    ).toBeEnabled();
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(cartButton).toBeFocused();

    await cartButton.click();
    await dialog.getByRole("link", { name: "View Full Cart" }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByRole("heading", { name: "Shopping Cart" })).toBeVisible();
    await expect(page.getByTestId("cart-summary-line")).toContainText("4 boxes");
    await page.getByRole("button", { name: `Increase quantity of ${first.name}` }).click();
    await expect(page.getByTestId("cart-summary-line")).toContainText("5 boxes");
    // Quantity changes on /cart do not pop the slide-over open.
    await expect(page.getByRole("region", { name: "Your Cart" })).toHaveCount(0);

    await page.getByRole("link", { name: "Proceed to Checkout" }).click();
    await expect(page).toHaveURL(/\/cart\?step=checkout$/);
    await expect(page.getByRole("button", { name: "Back to Cart" })).toBeVisible();
    await expect(page.getByLabel("State", { exact: true })).toHaveValue("NY");
    await fillCustomerAndBilling(page, { name: "Ada Shopper", email, phone: "   " });
    const pay = page.getByRole("button", { name: /Proceed to Payment · \$/ });
    await pay.click();
    await expect(page.getByRole("alert")).toHaveText(
      "Please fill in all customer information fields.",
    );
    // Nothing typed is lost, and the keyboard goes to the field left empty.
    await expect(page.getByLabel("Full Name", { exact: true })).toHaveValue("Ada Shopper");
    await expect(page.getByLabel("Phone", { exact: true })).toBeFocused();

    // The message leaves as soon as its cause is fixed, before the next press of the button.
    await page.getByLabel("Phone", { exact: true }).fill("(205) 555-0199");
    await expect(page.getByText("Please fill in all customer information fields.")).toHaveCount(0);
    await page.getByLabel("Coupon code", { exact: true }).fill("");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByText("Please enter a coupon code")).toBeVisible();
    await page.getByLabel("Coupon code", { exact: true }).fill(code);
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByText(/^Discount applied: -\$\d/)).toBeVisible();
    await expect(page.getByText(`Discount (${code})`)).toBeVisible();

    // Shipping to Alabama adds Birmingham's sales tax to the summary.
    await page.getByLabel("State", { exact: true }).selectOption("AL");
    await expect(page.getByText("Tax (10%)")).toBeVisible();
    const total = (await page.getByTestId("order-total").textContent()) ?? "";
    await expect(pay).toHaveText(`Proceed to Payment · ${total}`);
    await pay.click();

    await expect(page).toHaveURL(/\/pay\//);
    await waitForHydration(page);
    await expect(page.getByText("Test mode — no real card is charged")).toBeVisible();
    await expect(page.getByTestId("payment-amount")).toHaveText(total);
    await page.getByLabel("Card number", { exact: true }).fill("4242 4242 4242 4242");
    await page.getByRole("button", { name: `Pay ${total}` }).click();

    await expect(page).toHaveURL(/\/success\?session_id=/);
    await expect(page.getByRole("heading", { name: "Thank you for your order!" })).toBeVisible();
    const orderNumber =
      (await page
        .getByText(/^Order number/)
        .locator("strong")
        .textContent()) ?? "";
    expect(orderNumber).not.toBe("");
    await expect(page.getByText(first.name)).toBeVisible();
    await expect(page.getByText(second.name)).toBeVisible();
    await expect(page.getByText(`Discount (${code})`)).toBeVisible();
    await expect(page.getByTestId("cart-count")).toHaveText("0");

    const mail = await waitForMail((m) => m.to.includes(email));
    expect(mail.text).toContain(orderNumber);
    const trackingLink = mail.text.match(/https?:\/\/\S+\/track\/[A-Za-z0-9_-]+/)?.[0];
    expect(trackingLink).toBeTruthy();

    await openPage(page, new URL(trackingLink as string).pathname);
    await expect(page).toHaveTitle("Order Tracking | Magic City Floors");
    await expect(page.getByRole("heading", { name: "Order Tracking" })).toBeVisible();
    await expect(page.getByText(orderNumber, { exact: true })).toBeVisible();
    await expect(page.getByText("Processing", { exact: true }).first()).toBeVisible();
  });

  test("after a declined card the shopper pays with another card on the same page", async ({
    page,
    request,
    store,
  }) => {
    const product = await store.product();
    const stockBefore = await stockOf(request, product.id);
    await openPage(page, "/");
    await seedCart(page, [{ product, quantity: 2 }]);
    await openPage(page, "/cart?step=checkout");
    await fillCustomerAndBilling(page, {
      name: "Rhea Try",
      email: `retry-${Date.now()}@example.com`,
      phone: "205-555-0124",
    });
    await page.getByRole("button", { name: /Proceed to Payment · \$/ }).click();
    await expect(page).toHaveURL(/\/pay\//);
    await waitForHydration(page);
    const card = page.getByLabel("Card number", { exact: true });
    await card.fill("4000 0000 0000 0002");
    await page.getByRole("button", { name: /^Pay \$/ }).click();
    await expect(page.getByRole("alert")).toHaveText(
      "Your card was declined. Please try another card.",
    );
    await card.fill("4242 4242 4242 4242");
    await page.getByRole("button", { name: /^Pay \$/ }).click();
    await expect(page).toHaveURL(/\/success\?session_id=/);
    await expect(page.getByRole("heading", { name: "Thank you for your order!" })).toBeVisible();
    expect(await stockOf(request, product.id)).toBe(stockBefore - 2);
  });

  test("a declined card keeps the stock held until the shopper returns to a filled checkout", async ({
    page,
    request,
    store,
  }) => {
    const product = await store.product();
    const stockBefore = await stockOf(request, product.id);

    await openPage(page, "/");
    await seedCart(page, [{ product, quantity: 3 }]);
    await openPage(page, "/cart?step=checkout");
    await fillCustomerAndBilling(page, {
      name: "Dee Clined",
      email: `declined-${Date.now()}@example.com`,
      phone: "205-555-0123",
    });
    await page.getByRole("button", { name: /Proceed to Payment · \$/ }).click();
    await expect(page).toHaveURL(/\/pay\//);
    await waitForHydration(page);
    const sessionId = new URL(page.url()).pathname.split("/").pop() as string;
    expect(await stockOf(request, product.id)).toBe(stockBefore - 3);

    await page.getByLabel("Card number", { exact: true }).fill("4000 0000 0000 0002");
    await page.getByRole("button", { name: /^Pay \$/ }).click();
    await expect(page.getByRole("alert")).toHaveText(
      "Your card was declined. Please try another card.",
    );
    await expect(page.getByLabel("Card number", { exact: true })).toBeVisible();
    const order = await (await request.get(`/api/orders/by-session/${sessionId}`)).json();
    expect(order.payment_status).toBe("unpaid");
    expect(await stockOf(request, product.id)).toBe(stockBefore - 3);

    // Back to the checkout step, with what the shopper typed, and the stock returned.
    await page.getByRole("button", { name: "Cancel and return to cart" }).click();
    await expect(page).toHaveURL(/\/cart\?step=checkout$/);
    await expect(page.getByLabel("Full Name", { exact: true })).toHaveValue("Dee Clined");
    await expect(page.getByLabel("City", { exact: true })).toHaveValue("Birmingham");
    await expect(page.getByText("3 boxes").first()).toBeVisible();
    expect(await stockOf(request, product.id)).toBe(stockBefore);
    // The success page never thanks anyone for an unpaid order.
    await openPage(page, `/success?session_id=${sessionId}`);
    await expect(page.getByRole("heading", { name: "Payment not completed" })).toBeVisible();
  });

  test("an unknown tracking link says the order could not be found", async ({ page }) => {
    await openPage(page, "/track/not-a-real-token");
    await expect(page).toHaveTitle("Order Tracking | Magic City Floors");
    await expect(
      page.getByText("We could not find your order. Please check back later or contact support."),
    ).toBeVisible();
  });

  test("the success page without order information says so", async ({ page }) => {
    await openPage(page, "/success");
    await expect(page.getByRole("heading", { name: "No order information found" })).toBeVisible();
  });
});
