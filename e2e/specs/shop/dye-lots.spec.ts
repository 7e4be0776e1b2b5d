import { openPage } from "../../support/page.ts";
import { expect, test } from "../../support/store-data.ts";
import { signInToAdmin } from "../admin/admin-helpers.ts";

test("staff record a dye lot; the paid order shows it in the order panel and on /track, and 'Order more from the same lot' puts it in the cart", async ({
  page,
  store,
}) => {
  const name = `Lot Hickory ${store.tag}`;
  const product = await store.product({
    name,
    our_price: 3.5,
    sqft_per_carton: 20,
    stock_quantity: 40,
  });

  // Staff record two lots in the product editor.
  await signInToAdmin(page, "products");
  await page.getByPlaceholder(/Search name/).fill(store.tag);
  await page.getByRole("button", { name: `Edit ${name}` }).click();
  const editor = page.getByRole("dialog", { name: "Edit Product" });
  const lots = editor.getByRole("group", { name: "Dye lots" });
  await expect(lots.getByText("No lots recorded for this product.")).toBeVisible();
  await lots.getByRole("button", { name: "+ Add lot" }).click();
  await lots.getByLabel("Lot code 1").fill("HK-2207");
  await lots.getByLabel("Boxes in lot 1").fill("12");
  await lots.getByRole("button", { name: "+ Add lot" }).click();
  await lots.getByLabel("Lot code 2").fill("HK-2301");
  await lots.getByLabel("Boxes in lot 2").fill("50");
  await lots.getByRole("button", { name: "Save lots" }).click();
  await expect(lots.getByRole("alert")).toHaveText(
    "The lots hold 62 boxes but only 40 are in stock. Raise the stock first, or lower the lots' boxes.",
  );
  await lots.getByLabel("Boxes in lot 2").fill("20");
  await lots.getByRole("button", { name: "Save lots" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Lots saved" })).toBeVisible();
  await expect(lots.getByText("40 in stock, 8 not in a lot")).toBeVisible();

  // A shopper's order of 5 boxes comes from the smallest lot that holds it.
  const { order } = await store.paidOrder({ product, quantity: 5 });
  await openPage(page, "/admin?tab=orders");
  await page.getByRole("button", { name: `View order ${order.friendly_order_id}` }).click();
  const panel = page.getByRole("complementary", { name: "Order details" });
  await expect(panel.getByText("Dye lot: HK-2207")).toBeVisible();

  // /track shows the lot and orders more of it.
  await openPage(page, new URL(order.tracking_url as string).pathname);
  const flooring = page.getByRole("region", { name: "Your flooring and its dye lot" });
  await expect(flooring.getByText("Dye lot HK-2207")).toBeVisible();
  await expect(flooring.getByText("Lot HK-2207 has 7 boxes left")).toBeVisible();
  await flooring.getByLabel("Boxes").fill("3");
  await flooring.getByRole("button", { name: "Order more from the same lot" }).click();
  await expect(flooring.getByRole("status")).toContainText(
    "3 boxes from lot HK-2207 added to your cart.",
  );
  await flooring.getByRole("link", { name: "View cart" }).click();
  await expect(page.getByRole("heading", { name: name })).toBeVisible();
  await expect(page.getByText("HK-2207", { exact: true })).toBeVisible();

  // The checkout's summary says which lot the boxes come from, priced by the server.
  await openPage(page, "/cart?step=checkout");
  const summary = page.getByRole("region", { name: "Order Summary" });
  await expect(summary.getByText("Dye lot HK-2207")).toBeVisible();
  await expect(summary.getByText("3 boxes × $70.00")).toBeVisible();
});
