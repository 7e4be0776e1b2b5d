import { waitForMail } from "../../support/mail.ts";
import { openPage } from "../../support/page.ts";
import { adminHeaders, expect, test } from "../../support/store-data.ts";
import { signInToAdmin } from "../admin/admin-helpers.ts";
import { fillCustomerAndBilling, waitForHydration } from "./shop-fixtures.ts";

test.use({ viewport: { width: 1280, height: 900 } });

test("a shopper backorders boxes an open purchase order brings; staff ship the boxes in stock, receive it and the order panel shows the rest allocated", async ({
  page,
  request,
  store,
}) => {
  const name = `Backorder Oak ${store.tag}`;
  const product = await store.product({ name, stock_quantity: 2 });
  const vendor = `Hidden Vendor ${store.tag}`;
  const created = await request.post("/api/admin/purchase-orders", {
    headers: adminHeaders,
    data: {
      vendor,
      expected_date: "2099-03-16",
      lines: [{ product_id: product.id, boxes_ordered: 5, cost_per_box: 20 }],
    },
  });
  expect(created.status()).toBe(201);
  const po = (await created.json()) as { number: string };
  const email = `backorder-${store.tag.toLowerCase()}@example.com`;
  const offerText =
    "Backorder: 2 boxes available now, 2 more expected Mon, Mar 16, 2099. The order ships when they arrive.";

  // The product page: more than is in stock is offered as a backorder with the expected date,
  // never the purchase order or its vendor.
  await openPage(page, `/products/${product.id}`);
  await page.getByLabel("Quantity (boxes)").fill("4");
  const offer = page.getByTestId("backorder-offer");
  await expect(offer).toHaveText(offerText);
  await expect(page.getByText(vendor)).toHaveCount(0);
  await page.screenshot({ path: "/tmp/backorder-product-1280.png" });
  await page.setViewportSize({ width: 390, height: 844 });
  await offer.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "/tmp/backorder-product-390.png" });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole("button", { name: "Add to Cart" }).click();
  const cartButton = page.getByRole("button", { name: /^Cart, 4 boxes/ });
  await expect(cartButton).toBeVisible();

  // The slide-over cart says it under the line, and so does the full cart.
  await cartButton.click();
  const slideOver = page.getByRole("dialog", { name: "Your Cart" });
  await expect(slideOver.getByText(offerText)).toBeVisible();
  await page.screenshot({ path: "/tmp/backorder-slide-over-1280.png" });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: "/tmp/backorder-slide-over-390.png" });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.keyboard.press("Escape");
  await expect(slideOver).toHaveCount(0);
  await openPage(page, "/cart");
  await expect(page.getByTestId("cart-summary-line")).toContainText("4 boxes");
  await expect(page.getByText(offerText)).toBeVisible();
  await page.screenshot({ path: "/tmp/backorder-cart-1280.png" });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByText(offerText).scrollIntoViewIfNeeded();
  await page.screenshot({ path: "/tmp/backorder-cart-390.png" });
  await page.setViewportSize({ width: 1280, height: 900 });

  // Checkout accepts it and the payment goes through.
  await page.getByRole("link", { name: "Proceed to Checkout" }).click();
  await expect(page).toHaveURL(/\/cart\?step=checkout$/);
  await fillCustomerAndBilling(page, { name: "Bea Backorder", email, phone: "(205) 555-0142" });
  await expect(page.getByText(offerText)).toBeVisible();
  const pay = page.getByRole("button", { name: /Proceed to Payment · \$/ });
  await expect(pay).toBeEnabled();
  const total = (await page.getByTestId("order-total").textContent()) ?? "";
  await expect(pay).toHaveText(`Proceed to Payment · ${total}`);
  await page.screenshot({ path: "/tmp/backorder-checkout-1280.png" });
  await pay.click();
  await expect(page).toHaveURL(/\/pay\//);
  await waitForHydration(page);
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

  // Staff see the backordered boxes on the order's line.
  await signInToAdmin(page, "orders");
  await page.getByRole("button", { name: `View order ${orderNumber}` }).click();
  const panel = page.getByRole("complementary", { name: "Order details" });
  await expect(panel.getByText("Bea Backorder")).toBeVisible();
  await expect(panel.getByText("2 backordered")).toBeVisible();
  await page.screenshot({ path: "/tmp/backorder-order-panel-1280.png" });

  // The 2 boxes in stock ship now; the 2 backordered wait for the purchase order.
  const shipments = panel.getByRole("region", { name: "Shipments" });
  await expect(shipments).toContainText("2 can ship now");
  await expect(shipments).toContainText("2 wait for the purchase order");
  const boxesInShipment = shipments.getByLabel(`Boxes of ${name} in this shipment`);
  await expect(boxesInShipment).toHaveAttribute("max", "2");
  await shipments.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "/tmp/backorder-ship-in-stock-1280.png" });
  await page.setViewportSize({ width: 390, height: 844 });
  await boxesInShipment.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "/tmp/backorder-ship-in-stock-390.png" });
  await page.setViewportSize({ width: 1280, height: 900 });
  await boxesInShipment.fill("2");
  await shipments.getByRole("button", { name: "Create shipment" }).click();
  await expect(shipments.getByText("Partly shipped")).toBeVisible();
  await expect(shipments).toContainText("Shipment 1 · No carrier");
  await expect(shipments).toContainText(
    "2 boxes wait for the purchase order: they ship once it is received.",
  );
  await expect(boxesInShipment).toHaveCount(0);
  await shipments.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "/tmp/backorder-part-shipped-1280.png" });
  await page.setViewportSize({ width: 390, height: 844 });
  await shipments.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "/tmp/backorder-part-shipped-390.png" });
  await page.setViewportSize({ width: 1280, height: 900 });

  // Staff receive the purchase order with its lot code: the boxes go to the waiting order.
  await page.getByRole("tab", { name: "Purchasing" }).click();
  await page.getByRole("button", { name: `Open ${po.number} from ${vendor}` }).click();
  const detail = page.getByRole("region", { name: `Purchase order ${po.number}` });
  await expect(detail).toContainText("0 of 5 received");
  await detail.getByLabel(`Boxes of ${name} arrived`).fill("6");
  await detail.getByRole("button", { name: "Receive boxes" }).click();
  // More than was ordered stays refused, and nothing is received.
  await expect(detail.getByRole("alert")).toContainText("only 5 are still to come");
  await expect(detail).toContainText("0 of 5 received");
  await detail.getByLabel(`Boxes of ${name} arrived`).fill("5");
  await detail.getByLabel(`Dye lot of ${name}`).fill("BO-1");
  await detail.getByRole("button", { name: "Receive boxes" }).click();
  await expect(detail).toContainText("5 of 5 received");

  await waitForMail((m) => m.to.includes(email) && /backordered boxes arrived/.test(m.subject));

  await page.getByRole("tab", { name: "Orders" }).click();
  await page.getByRole("button", { name: `View order ${orderNumber}` }).click();
  await expect(panel.getByText("Bea Backorder")).toBeVisible();
  await expect(panel.getByText("BO-1")).toBeVisible();
  await expect(panel.getByText(/backordered/)).toHaveCount(0);
  await page.screenshot({ path: "/tmp/backorder-order-allocated-1280.png" });
});
