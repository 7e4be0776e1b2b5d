import { waitForMail } from "../../support/mail.ts";
import { openPage } from "../../support/page.ts";
import { expect, test } from "../../support/store-data.ts";
import { signInToAdmin } from "./admin-helpers.ts";

test("staff ship an order in two parts, and /track shows each shipment with its own tracking number", async ({
  page,
  store,
}) => {
  const email = `split-${Date.now()}@example.com`;
  const product = await store.product({ stock_quantity: 20 });
  const { order } = await store.paidOrder({ product, quantity: 4, email });
  await signInToAdmin(page, "orders");
  await page.getByRole("button", { name: `View order ${order.friendly_order_id}` }).click();
  const panel = page.getByRole("complementary", { name: "Order details" });
  const shipments = panel.getByRole("region", { name: /Shipments/ });

  const boxes = shipments.getByLabel(`Boxes of ${product.name} in this shipment`);
  await boxes.fill("1");
  await shipments.getByLabel("Shipment carrier").selectOption("UPS");
  await shipments.getByLabel("Tracking or PRO number of this shipment").fill("1ZSPLITFIRST01");
  // A double click records one shipment.
  await shipments.getByRole("button", { name: "Create shipment" }).dblclick();
  await expect(page.getByRole("status").filter({ hasText: "Shipment recorded" })).toBeVisible();
  await expect(shipments.getByText("Partly shipped")).toBeVisible();
  await expect(shipments.getByText("(3 left to ship)")).toBeVisible();
  const first = await waitForMail(
    (m) => m.to.includes(email) && /Part of your order/.test(m.subject),
  );
  expect(first.text).toContain("1ZSPLITFIRST01");

  // Cancelling now would refund the box that left too: the confirmation says so first.
  await panel.getByLabel("Order status").selectOption("cancelled");
  await panel.getByRole("button", { name: "Update Status" }).click();
  await expect(panel.getByRole("alertdialog")).toContainText(
    "1 box of this order already shipped, and the refund covers it too.",
  );
  await panel.getByRole("button", { name: "Keep it processing" }).click();
  await panel.getByLabel("Order status").selectOption("processing");

  await boxes.fill("3");
  await shipments.getByLabel("Shipment carrier").selectOption("FedEx");
  await shipments.getByLabel("Tracking or PRO number of this shipment").fill("777000111222");
  await shipments.getByRole("button", { name: "Create shipment" }).click();
  await expect(shipments.getByText("Shipment 2 · FedEx · 777000111222")).toBeVisible();
  await expect(panel.getByLabel("Order status")).toHaveValue("shipped");

  await openPage(page, new URL(order.tracking_url ?? "").pathname);
  const parts = page.getByRole("listitem").filter({ hasText: /^Shipment \d/ });
  await expect(parts).toHaveCount(2);
  await expect(parts.nth(0)).toContainText("1ZSPLITFIRST01");
  await expect(parts.nth(0)).toContainText(`${product.name} × 1 box`);
  await expect(parts.nth(1)).toContainText("777000111222");
  await expect(parts.nth(1)).toContainText(`${product.name} × 3 boxes`);
  await expect(page.getByRole("link", { name: "Track shipment 1 with UPS" })).toHaveAttribute(
    "href",
    /1ZSPLITFIRST01/,
  );
});

test("staff mark a pickup order ready (the email is in the Outbox) and then picked up", async ({
  page,
  store,
}) => {
  const email = `pickup-${Date.now()}@example.com`;
  const { order } = await store.paidOrder({ quantity: 2, email, pickup: true });
  await signInToAdmin(page, "orders");
  await page.getByRole("button", { name: `View order ${order.friendly_order_id}` }).click();
  const panel = page.getByRole("complementary", { name: "Order details" });
  const pickup = panel.getByRole("region", { name: "Showroom pickup" });
  await expect(panel.getByRole("button", { name: "Save Shipping" })).toHaveCount(0);

  await pickup.getByRole("button", { name: "Mark ready for pickup" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Ready for pickup" })).toBeVisible();
  await expect(pickup.getByText(/Ready for pickup since/)).toBeVisible();
  const mail = await waitForMail((m) => m.to.includes(email) && /ready for pickup/.test(m.subject));
  expect(mail.text).toContain("photo ID");

  await pickup.getByLabel("Collected by").fill("Sam Carter");
  await pickup.getByRole("button", { name: "Mark picked up" }).click();
  await expect(pickup.getByText(/Picked up on .* by Sam Carter/)).toBeVisible();
  await expect(panel.getByLabel("Order status")).toHaveValue("delivered");

  await page.getByRole("tab", { name: "Outbox" }).click();
  await expect(
    page.getByText(`Your order ${order.friendly_order_id} is ready for pickup`).first(),
  ).toBeVisible();

  await openPage(page, new URL(order.tracking_url ?? "").pathname);
  await expect(page.getByText(/Picked up on /)).toBeVisible();
});
