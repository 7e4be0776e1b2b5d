import { expectNoSeriousA11yViolations } from "../../support/axe.ts";
import { openPage } from "../../support/page.ts";
import { expect, test } from "../../support/store-data.ts";
import { seedCart } from "./shop-fixtures.ts";

for (const width of [390, 1280]) {
  test.describe(`purchase screens at ${width}px are accessible`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("cart, cart dialog, checkout and tracking have no serious axe violations", async ({
      page,
      store,
    }) => {
      const product = await store.product();
      await openPage(page, "/");
      await seedCart(page, [{ product, quantity: 2 }]);

      await openPage(page, "/cart");
      await expect(page.getByRole("heading", { name: "Shopping Cart" })).toBeVisible();
      await expectNoSeriousA11yViolations(page, "/cart");

      await page.getByRole("button", { name: /^Cart,/ }).click();
      await expect(page.getByRole("dialog", { name: "Your Cart" })).toBeVisible();
      await expectNoSeriousA11yViolations(page, "the cart dialog");
      await page.keyboard.press("Escape");

      await openPage(page, "/cart?step=checkout");
      await expect(page.getByTestId("order-total")).toBeVisible();
      await expectNoSeriousA11yViolations(page, "/cart?step=checkout");

      await openPage(page, "/track/not-a-real-token");
      await expectNoSeriousA11yViolations(page, "/track/{unknown}");
    });
  });
}
