import { finalSaleNotAcknowledged } from "@mcf/contracts/returns-options";
import { openPage } from "../../support/page.ts";
import { expect, test } from "../../support/store-data.ts";
import { fillCustomerAndBilling, seedCart } from "../shop/shop-fixtures.ts";

test("a closeout asks for the final-sale tick before any payment starts, and the reminder leaves once ticked", async ({
  page,
  store,
}) => {
  const closeout = await store.product({ is_closeout: true, msrp: 6, our_price: 3 });
  await openPage(page, "/");
  await seedCart(page, [{ product: closeout, quantity: 1 }]);
  await openPage(page, "/cart?step=checkout");
  await fillCustomerAndBilling(page, {
    name: "Frankie Final",
    email: `final-${Date.now()}@example.com`,
    phone: "(205) 555-0125",
  });
  const pay = page.getByRole("button", { name: /Proceed to Payment · \$/ });
  await expect(pay).toBeEnabled();
  await pay.click();
  // Not a failed payment: no payment was tried, the shopper's answer is missing.
  await expect(page.getByText(finalSaleNotAcknowledged)).toBeVisible();
  await expect(page.getByText(/Payment failed/)).toHaveCount(0);
  await expect(page).toHaveURL(/\/cart\?step=checkout/);
  await page.getByRole("checkbox", { name: /final sale/i }).check();
  await expect(page.getByText(finalSaleNotAcknowledged)).toHaveCount(0);
});
