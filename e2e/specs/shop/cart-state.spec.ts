import { openPage } from "../../support/page.ts";
import { expect, test } from "../../support/store-data.ts";
import { fillCustomerAndBilling, seedCart, waitForHydration } from "./shop-fixtures.ts";

test.describe("cart state", () => {
  test("the slide-over removes a line, Clear Cart empties the cart and deletes the saved copy", async ({
    page,
    store,
  }) => {
    const first = await store.product();
    const second = await store.product();
    await openPage(page, "/");
    await seedCart(page, [
      { product: first, quantity: 2 },
      { product: second, quantity: 1 },
    ]);
    const cartButton = page.getByRole("button", { name: /^Cart, 3 boxes/ });
    await cartButton.click();
    const dialog = page.getByRole("dialog", { name: "Your Cart" });
    await dialog.getByRole("button", { name: `Remove ${second.name}` }).click();
    await expect(dialog.getByText(second.name)).toHaveCount(0);
    await expect(page.getByTestId("cart-count")).toHaveText("2");
    await dialog.getByRole("button", { name: "Continue Shopping" }).click();
    await expect(dialog).toHaveCount(0);

    await openPage(page, "/cart");
    await expect(page.getByTestId("cart-summary-line")).toContainText("2 boxes");
    await page.getByRole("button", { name: "Clear Cart" }).click();
    await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Browse Products" })).toHaveAttribute(
      "href",
      "/products",
    );
    await expect(page.getByTestId("cart-count")).toHaveText("0");
    expect(await page.evaluate(() => localStorage.getItem("flooringCart"))).toBeNull();
  });

  test("a cart whose order was paid elsewhere (another tab, another address) empties when the shopper is back", async ({
    page,
    store,
  }) => {
    const product = await store.product();
    await openPage(page, "/");
    await seedCart(page, [{ product, quantity: 1 }]);
    await openPage(page, "/cart?step=checkout");
    await fillCustomerAndBilling(page, {
      name: "Paid Elsewhere",
      email: `paid-elsewhere-${store.tag}@example.com`,
      phone: "205-555-0123",
    });
    await page.getByRole("button", { name: /Proceed to Payment · \$/ }).click();
    await expect(page).toHaveURL(/\/pay\//);
    await waitForHydration(page);
    const sessionId = new URL(page.url()).pathname.split("/").pop() as string;

    // The payment is finished somewhere this page never sees: no /success here.
    const paid = await page.request.post(`/api/payments/test-sessions/${sessionId}/pay`, {
      data: { card_number: "4242 4242 4242 4242" },
    });
    expect(paid.ok()).toBe(true);

    await openPage(page, "/");
    // The cart learns how the payment ended by asking the server after it is restored: the saved
    // copy is gone once the answer is in (the count reads 0 before the restore, too).
    await expect.poll(() => page.evaluate(() => localStorage.getItem("flooringCart"))).toBeNull();
    await expect(page.getByTestId("cart-count")).toHaveText("0");
  });

  test("a corrupt saved cart is logged and ignored", async ({ page }) => {
    const logged: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") logged.push(message.text());
    });
    await openPage(page, "/");
    await page.evaluate(() => localStorage.setItem("flooringCart", "{not a cart"));
    await page.reload();
    await page.locator("html[data-hydrated='true']").waitFor({ state: "attached" });
    await expect(page.getByTestId("cart-count")).toHaveText("0");
    expect(logged.some((text) => text.includes("Ignoring a corrupt saved cart"))).toBe(true);
    await openPage(page, "/cart");
    await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
  });
});
