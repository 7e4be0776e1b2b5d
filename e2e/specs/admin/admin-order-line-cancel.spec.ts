import { expect, test } from "../../support/store-data.ts";
import { signInToAdmin } from "./admin-helpers.ts";

const usd = (dollars: number) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(dollars);

test("staff cancel one box of a paid order: the refund is shown before confirming, then it is in the ledger, the order list's paid/refunded/net and the Outbox", async ({
  page,
  store,
}) => {
  const email = `line-cancel-${Date.now()}@example.com`;
  const { order } = await store.paidOrder({ quantity: 3, email, name: "Lee Linecancel" });
  await signInToAdmin(page, "orders");
  const orders = page.getByRole("region", { name: "Orders" });
  const row = orders.getByRole("row").filter({ hasText: order.friendly_order_id });
  await expect(row).toContainText(usd(order.total_amount));
  await row.getByRole("button", { name: `View order ${order.friendly_order_id}` }).click();

  const panel = page.getByRole("complementary", { name: "Order details" });
  await panel.getByRole("button", { name: "Cancel some lines…" }).click();
  await panel.getByRole("spinbutton", { name: /^Boxes of .* to cancel$/ }).fill("1");
  await panel.getByLabel("Reason (kept in the ledger)").fill("One box too many");
  await panel.getByRole("button", { name: "Show the refund" }).click();
  const confirm = panel.getByRole("alertdialog");
  await expect(confirm).toContainText(
    /This refunds \$\d+\.\d\d to the test card used at checkout \(test mode: no real money moves\) and emails the customer\./,
  );
  const refundText = (await confirm.textContent())?.match(/This refunds (\$[\d,]+\.\d\d)/)?.[1];
  if (!refundText) throw new Error("the refund amount should be shown");
  const refund = Number(refundText.replace(/[$,]/g, ""));
  // A double click (a habit, a sticky mouse) cancels and refunds once.
  await confirm.getByRole("button", { name: `Cancel lines and refund ${refundText}` }).dblclick();
  await expect(
    page.getByRole("status").filter({ hasText: `Lines cancelled — ${refundText} refunded` }),
  ).toBeVisible();

  const payments = panel.getByRole("region", { name: "Payments" });
  await expect(payments.getByText("Refund", { exact: true })).toBeVisible();
  await expect(payments.getByText("Lines cancelled: One box too many")).toBeVisible();
  await expect(payments.getByText(`−${refundText}`)).toBeVisible();
  await expect(panel.getByText("1 cancelled")).toBeVisible();

  // The list shows what was paid, refunded and kept.
  const net = Math.round((order.total_amount - refund) * 100) / 100;
  await panel.getByRole("button", { name: "Close order details" }).click();
  await expect(row).toContainText(`Paid ${usd(order.total_amount)}`);
  await expect(row).toContainText(`Refunded ${refundText}`);
  await expect(row).toContainText(`Net ${usd(net)}`);

  // The customer's refund email is in the Outbox.
  await page.goto("/admin?tab=outbox");
  await expect(
    page
      .getByRole("row")
      .filter({ hasText: email })
      .filter({ hasText: `Your refund of ${refundText} for order ${order.friendly_order_id}` }),
  ).toBeVisible();
});
