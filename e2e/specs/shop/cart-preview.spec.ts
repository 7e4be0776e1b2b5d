import { openPage } from "../../support/page.ts";
import { expect, test } from "../../support/store-data.ts";

test.describe("cart slide-over preview", () => {
  test("adding a product opens the preview without taking focus or covering /cart, and it closes after 3 s", async ({
    page,
    store,
  }) => {
    const product = await store.product();
    await openPage(page, `/products/${product.id}`);
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await page.mouse.move(1, 1);

    const preview = page.getByRole("region", { name: "Your Cart" });
    await expect(preview).toBeVisible();
    await expect(preview.getByText(product.name)).toBeVisible();
    await expect(page.getByText("Added to cart. Your cart has 1 box.")).toBeAttached();
    expect(await preview.evaluate((el) => el.contains(document.activeElement))).toBe(false);
    await expect(page.getByTestId("cart-count")).toHaveText("1");
    await expect(preview).toHaveCount(0, { timeout: 6_000 });

    // Restoring the saved cart on the next page load is not a rise.
    await page.reload();
    await page.locator("html[data-hydrated='true']").waitFor({ state: "attached" });
    await expect(page.getByTestId("cart-count")).toHaveText("1");
    await expect(preview).toHaveCount(0);

    // On /cart a rise shows in the page itself, not in the slide-over.
    await openPage(page, "/cart");
    await page.getByRole("button", { name: `Increase quantity of ${product.name}` }).click();
    await expect(page.getByTestId("cart-count")).toHaveText("2");
    await expect(preview).toHaveCount(0);
  });
});
