import { openPage } from "../../support/page.ts";
import { expect, test } from "../../support/store-data.ts";
import { seedCart } from "./shop-fixtures.ts";

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
