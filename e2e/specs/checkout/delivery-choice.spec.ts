import { openPage } from "../../support/page.ts";
import { expect, test } from "../../support/store-data.ts";
import { fillCustomerAndBilling, seedCart, waitForHydration } from "../shop/shop-fixtures.ts";

test.describe("delivery choice at checkout", () => {
  test("a Birmingham shopper compares pickup and freight with a liftgate, sees the totals change, and the payment page shows shipping and tax", async ({
    page,
    store,
  }) => {
    // 3 boxes of laminate and 1 closeout box, both 50 to a pallet: $229.20 on one shared pallet.
    const pallet = { sqft_per_carton: 20, cartons_per_pallet: 50, pallet_shipping_cost: 190 };
    const laminate = await store.product({ ...pallet, type: "laminate", our_price: 2.49 });
    const closeout = await store.product({ ...pallet, our_price: 3.99 });

    await openPage(page, "/");
    await seedCart(page, [
      { product: laminate, quantity: 3 },
      { product: closeout, quantity: 1 },
    ]);
    await openPage(page, "/cart?step=checkout");
    await fillCustomerAndBilling(page, {
      name: "Dana Floors",
      email: `delivery-${Date.now()}@example.com`,
      phone: "(205) 555-0123",
    });
    await page.getByLabel("State", { exact: true }).selectOption("AL");

    const summary = page.getByRole("region", { name: "Order Summary" });
    const delivery = page.getByRole("group", { name: "Delivery", exact: true });
    const total = page.getByTestId("order-total");
    const pay = page.getByRole("button", { name: /Proceed to Payment · \$/ });

    // Until the shopper chooses, the cheapest way to the door: our own truck serves the
    // showroom's ZIP code, $75 for one shared pallet (not one per line) where freight is $190.
    await expect(delivery.getByRole("radio", { name: /^Local delivery/ })).toBeChecked();
    await expect(summary.getByText("Shipping: Local delivery (1 pallet)")).toBeVisible();
    await expect(total).toHaveText("$327.12");

    await delivery.getByRole("radio", { name: /^Showroom pickup/ }).check();
    await expect(summary.getByText("Shipping: Showroom pickup")).toBeVisible();
    await expect(summary.getByText(/^Ready for pickup /)).toBeVisible();
    await expect(total).toHaveText("$252.12");
    await expect(pay).toHaveText("Proceed to Payment · $252.12");

    await delivery.getByRole("radio", { name: /^Freight delivery/ }).check();
    await delivery.getByLabel(/Liftgate at delivery/).check();
    await expect(summary.getByText("Shipping: Freight delivery (1 pallet)")).toBeVisible();
    await expect(summary.getByText("$285.00")).toBeVisible();
    await expect(total).toHaveText("$537.12");

    // A ZIP code of another state than the chosen one is refused: the reason only, no retry.
    await page.getByLabel("ZIP Code", { exact: true }).fill("98101");
    await expect(summary.getByRole("alert")).toHaveText(
      "ZIP code 98101 is in Washington, not Alabama. Please check the state and the ZIP code.",
    );
    // The same words sit beside the address fields, where the shopper fixes them.
    const billing = page.getByRole("group", { name: "Billing Address" });
    await expect(billing.getByRole("alert")).toHaveText(
      "ZIP code 98101 is in Washington, not Alabama. Please check the state and the ZIP code.",
    );
    await expect(billing.getByLabel("ZIP Code", { exact: true })).toHaveAttribute(
      "aria-invalid",
      "true",
    );
    await expect(summary.getByRole("button", { name: "Try Again" })).toHaveCount(0);
    await expect(summary.getByText("Failed to calculate cart total")).toHaveCount(0);

    // A ZIP code far away: no local truck, and the reason is given.
    await page.getByLabel("State", { exact: true }).selectOption("WA");
    await expect(
      delivery.getByText(
        "Our own truck delivers around Birmingham only, and ZIP code 98101 is outside that area.",
      ),
    ).toBeVisible();
    await expect(delivery.getByRole("radio", { name: /^Local delivery/ })).toBeDisabled();
    await page.getByLabel("State", { exact: true }).selectOption("AL");
    await page.getByLabel("ZIP Code", { exact: true }).fill("35212");
    await expect(delivery.getByRole("radio", { name: /^Local delivery/ })).toBeEnabled();

    await delivery.getByLabel("Can a full-size truck reach the address?").selectOption({
      label: "No: narrow street, low wires or trees",
    });
    await expect(pay).toHaveText("Proceed to Payment · $537.12");
    await pay.click();

    await expect(page).toHaveURL(/\/pay\//);
    await waitForHydration(page);
    const amounts = page.getByRole("region", { name: "What you pay" });
    await expect(amounts.getByText("Subtotal")).toBeVisible();
    await expect(amounts.getByText("$229.20")).toBeVisible();
    await expect(amounts.getByText("Shipping: Freight delivery (1 pallet)")).toBeVisible();
    await expect(amounts.getByText("$285.00")).toBeVisible();
    await expect(amounts.getByText("Tax:", { exact: true })).toBeVisible();
    await expect(amounts.getByText("$22.92")).toBeVisible();
    await expect(amounts.getByText("$537.12")).toBeVisible();
    await expect(page.getByTestId("payment-amount")).toHaveText("$537.12");

    // Back from the payment page, the choice is as the shopper left it.
    await page.getByRole("button", { name: "Cancel and return to cart" }).click();
    await expect(page).toHaveURL(/\/cart\?step=checkout$/);
    await expect(delivery.getByRole("radio", { name: /^Freight delivery/ })).toBeChecked();
    await expect(delivery.getByLabel(/Liftgate at delivery/)).toBeChecked();
    await expect(total).toHaveText("$537.12");
  });

  test("a ZIP code change that takes away the chosen delivery says why and offers the new address's choices", async ({
    page,
    store,
  }) => {
    const product = await store.product({ sqft_per_carton: 20, cartons_per_pallet: 50 });
    await openPage(page, "/");
    await seedCart(page, [{ product, quantity: 2 }]);
    await openPage(page, "/cart?step=checkout");
    await fillCustomerAndBilling(page, {
      name: "Lee Local",
      email: `local-${Date.now()}@example.com`,
      phone: "(205) 555-0124",
    });
    await page.getByLabel("State", { exact: true }).selectOption("AL");
    const summary = page.getByRole("region", { name: "Order Summary" });
    const delivery = page.getByRole("group", { name: "Delivery", exact: true });
    await delivery.getByRole("radio", { name: /^Local delivery/ }).check();
    await expect(summary.getByText("Shipping: Local delivery")).toBeVisible();

    await page.getByLabel("State", { exact: true }).selectOption("WA");
    await page.getByLabel("ZIP Code", { exact: true }).fill("98101");
    const reason =
      "Our own truck delivers around Birmingham only, and ZIP code 98101 is outside that area.";
    await expect(
      summary.getByText(new RegExp(`^Local delivery is not available: ${reason}`)),
    ).toBeVisible();
    // The choices are the new address's: the truck is off, with its reason beside it.
    await expect(delivery.getByRole("radio", { name: /^Local delivery/ })).toBeDisabled();
    await expect(delivery.getByText(reason)).toBeVisible();
    await delivery.getByRole("radio", { name: /^Freight delivery/ }).check();
    await expect(summary.getByText("Shipping: Freight delivery (1 pallet)")).toBeVisible();
    await expect(page.getByRole("button", { name: /Proceed to Payment · \$/ })).toBeEnabled();
  });

  test("a Homewood ZIP code fills in Alabama while the shopper has not picked a state", async ({
    page,
    store,
  }) => {
    const product = await store.product({ sqft_per_carton: 20, cartons_per_pallet: 50 });
    await openPage(page, "/");
    await seedCart(page, [{ product, quantity: 2 }]);
    await openPage(page, "/cart?step=checkout");
    const billing = page.getByRole("group", { name: "Billing Address" });
    // The form starts on New York; the ZIP code decides until the shopper picks a state.
    await expect(billing.getByLabel("State", { exact: true })).toHaveValue("NY");
    await billing.getByLabel("ZIP Code", { exact: true }).fill("35209");
    await expect(billing.getByLabel("State", { exact: true })).toHaveValue("AL");
    await expect(billing.getByRole("alert")).toHaveCount(0);
    const summary = page.getByRole("region", { name: "Order Summary" });
    // Two boxes go cheapest by parcel ($69) rather than our truck ($75 a pallet).
    await expect(summary.getByText("Shipping: Parcel delivery")).toBeVisible();
    await expect(summary.getByRole("alert")).toHaveCount(0);

    // A state the shopper picks stays picked: a mismatch is said, not overwritten.
    await billing.getByLabel("State", { exact: true }).selectOption("GA");
    await expect(billing.getByRole("alert")).toHaveText(
      "ZIP code 35209 is in Alabama, not Georgia. Please check the state and the ZIP code.",
    );
    await billing.getByLabel("ZIP Code", { exact: true }).fill("30301");
    await expect(billing.getByLabel("State", { exact: true })).toHaveValue("GA");
    await expect(billing.getByRole("alert")).toHaveCount(0);
  });
});
