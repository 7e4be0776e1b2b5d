import { waitForMail } from "../../support/mail.ts";
import { openPage } from "../../support/page.ts";
import { adminHeaders, expect, test } from "../../support/store-data.ts";
import { signInToAdmin } from "./admin-helpers.ts";

test("a return asked on /track is approved with instructions, received with one box written off, then refunded: the refund shows in the payments ledger and the customer's email", async ({
  page,
  request,
  store,
}) => {
  const email = `return-${Date.now()}@example.com`;
  const product = await store.product({ stock_quantity: 40 });
  const { order } = await store.paidOrder({ product, quantity: 3, email });
  const shipped = await request.post(`/api/admin/orders/${order.order_id}/shipping`, {
    headers: adminHeaders,
    data: { shipping_carrier: "UPS", tracking_number: "1Z999AA10123456784", mark_shipped: true },
  });
  expect(shipped.status()).toBe(200);
  const trackPath = new URL(order.tracking_url as string).pathname;
  await page.setExtraHTTPHeaders({ "x-forwarded-for": `10.91.${Date.now() % 250}.3` });
  await openPage(page, trackPath);

  // The customer asks for two boxes back.
  const returns = page.getByRole("region", { name: "Returns" });
  await expect(returns.getByText("A 15% restocking fee applies")).toBeVisible();
  const form = returns.getByRole("form", { name: "Request a return" });
  await form.getByLabel(product.name).fill("2");
  await form.getByLabel("Why are you returning them?").fill("Ordered two boxes too many");
  await form.getByLabel("The boxes are unopened, in their original packaging.").check();
  await form.getByRole("button", { name: "Request Return" }).click();
  await expect(returns.getByRole("list", { name: "Your returns" })).toContainText(
    `Waiting for our team · 2 × ${product.name}`,
  );

  // Staff approve it with instructions: nothing is refunded yet, and no refund is offered.
  await signInToAdmin(page, "orders");
  await page.getByRole("button", { name: `View order ${order.friendly_order_id}` }).click();
  const panel = page.getByRole("complementary", { name: "Order details" });
  const orderReturns = panel.getByRole("region", { name: "Returns" });
  await expect(orderReturns.getByText("Requested")).toBeVisible();
  await expect(orderReturns.getByRole("button", { name: /^Refund/ })).toHaveCount(0);
  const instructions = "Drop the boxes at our Birmingham warehouse, weekdays 8 to 5.";
  await orderReturns.getByLabel("Return instructions (emailed to the customer)").fill(instructions);
  await orderReturns.getByRole("button", { name: "Approve & Email Instructions" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Return approved: instructions emailed" }),
  ).toBeVisible();
  await expect(orderReturns.getByText("Approved: waiting for the boxes")).toBeVisible();
  const approvedMail = await waitForMail(
    (m) => m.to.includes(email) && /is approved/.test(m.subject),
  );
  expect(approvedMail.text).toContain(instructions);

  // The boxes come back: one sellable, one damaged.
  const receive = orderReturns.getByRole("form", { name: /^Receive return/ });
  await receive.getByLabel("Back to stock").fill("1");
  await receive.getByLabel("Written off (damaged)").fill("1");
  await receive.getByRole("button", { name: "Record Received Boxes" }).click();
  await expect(orderReturns.getByText("Received: ready to refund")).toBeVisible();
  await expect(orderReturns.getByText("received: 1 back to stock, 1 written off")).toBeVisible();
  const afterReceipt = await request.get(`/api/admin/products/${product.id}`, {
    headers: adminHeaders,
  });
  // 3 sold, 1 back on the shelf; the written-off box is not for sale.
  expect((await afterReceipt.json()).stock_quantity).toBe(40 - 3 + 1);

  // The refund says its amount before it happens.
  const refundButton = orderReturns.getByRole("button", { name: /^Refund \$[\d,.]+…$/ });
  const amount = ((await refundButton.textContent()) ?? "").replace(/^Refund |…$/g, "");
  await refundButton.click();
  const confirm = orderReturns.getByRole("form", { name: /^Refund return/ });
  await expect(confirm).toContainText(
    `This refunds ${amount} to the test card used at checkout (test mode: no real money moves) and emails the customer.`,
  );
  await confirm.getByRole("button", { name: `Confirm Refund of ${amount}` }).click();
  await expect(page.getByRole("status").filter({ hasText: `Refunded ${amount}` })).toBeVisible();
  await expect(orderReturns.getByText("Refunded", { exact: true })).toBeVisible();
  const payments = panel.getByRole("region", { name: "Payments" });
  await expect(payments.getByText("Refund", { exact: true })).toBeVisible();
  await expect(payments.getByText(`−${amount}`)).toBeVisible();

  const refundMail = await waitForMail((m) => m.to.includes(email) && /refund/i.test(m.subject));
  expect(refundMail.subject).toBe(`Your refund of ${amount} for order ${order.friendly_order_id}`);
  // The back office's outbox lists both emails to the customer.
  await openPage(page, "/admin?tab=outbox");
  await expect(page.getByText(refundMail.subject)).toBeVisible();
  await expect(page.getByText(approvedMail.subject)).toBeVisible();

  await openPage(page, trackPath);
  await expect(page.getByRole("list", { name: "Your returns" })).toContainText("Refunded");
});
