import { waitForMail } from "../../support/mail.ts";
import { expect, test } from "../../support/store-data.ts";
import { signInToAdmin } from "./admin-helpers.ts";

test("staff cancel a paid order: the panel says what will be refunded, asks to confirm, and the refund shows in the ledger, on the test payment page and in the customer's email", async ({
  page,
  store,
}) => {
  const email = `refund-${Date.now()}@example.com`;
  const { order, sessionId } = await store.paidOrder({ quantity: 2, email, name: "Robin Refund" });
  const total = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(
    order.total_amount,
  );
  await signInToAdmin(page, "orders");
  await page.getByRole("button", { name: `View order ${order.friendly_order_id}` }).click();
  const panel = page.getByRole("complementary", { name: "Order details" });
  const payments = panel.getByRole("region", { name: "Payments" });
  await expect(payments.getByText("Payment", { exact: true })).toBeVisible();
  await expect(panel.getByTestId("order-balance")).toHaveText("Balance: $0.00 (settled)");

  await panel.getByLabel("Order status").selectOption("cancelled");
  const consequence = `This cancels the order, refunds ${total} to the test card used at checkout (test mode: no real money moves) and emails the customer.`;
  await expect(panel.getByText(consequence)).toBeVisible();
  await panel.getByRole("button", { name: "Update Status" }).click();
  const confirm = panel.getByRole("alertdialog");
  await expect(confirm).toContainText(consequence);
  await confirm.getByRole("button", { name: "Cancel and refund" }).click();
  await expect(
    page
      .getByRole("status")
      .filter({ hasText: "Order cancelled and refunded — the customer was emailed" }),
  ).toBeVisible();
  await expect(payments.getByText("Refund", { exact: true })).toBeVisible();
  await expect(payments.getByText("Order cancelled")).toBeVisible();
  await expect(panel.getByTestId("order-balance")).toHaveText("Balance: $0.00 (settled)");
  // A refunded order cannot be reopened: the select offers only "cancelled".
  for (const status of ["Pending", "Processing", "Shipped", "Delivered"])
    await expect(panel.getByRole("option", { name: status })).toBeDisabled();
  await expect(panel.getByText(/cannot be reopened or shipped/)).toBeVisible();
  await expect(panel.getByText(`Refunded ${total} (Order cancelled)`)).toBeVisible();

  // The test provider's page records the refund.
  const payPage = await page.context().newPage();
  await payPage.goto(`/pay/${encodeURIComponent(sessionId)}`);
  await expect(
    payPage.getByRole("list", { name: "Refunds" }).getByText(`Test mode: ${total} refunded`),
  ).toBeVisible();
  await payPage.close();

  const mail = await waitForMail((m) => m.to.includes(email) && /refund/i.test(m.subject));
  expect(mail.subject).toBe(`Your refund of ${total} for order ${order.friendly_order_id}`);
  expect(mail.text).toContain(`We refunded ${total} to the test card used at checkout`);
});
