import type { Page } from "@playwright/test";
import { waitForMail } from "../../support/mail.ts";
import { adminHeaders, expect, test } from "../../support/store-data.ts";
import { signInToAdmin } from "./admin-helpers.ts";

const toast = (page: Page, text: string) =>
  page.getByRole("status").filter({ hasText: new RegExp(`^${text}$`) });
const errorToast = (page: Page, text: string) =>
  page.getByRole("alert").filter({ hasText: new RegExp(`^${text}$`) });

/** Answers every call to the matching admin order action with a server error. */
async function failAction(page: Page, action: string) {
  await page.route(`**/api/admin/orders/*/${action}`, (route) =>
    route.fulfill({ status: 500, json: { detail: "Internal Server Error" } }),
  );
}

test("each order action shows the spec's success and failure toast", async ({ page, store }) => {
  const email = `toasts-${Date.now()}@example.com`;
  const { order } = await store.paidOrder({ quantity: 3, email, name: "Toby Toaster" });
  await signInToAdmin(page, "orders");
  await page.getByRole("button", { name: `View order ${order.friendly_order_id}` }).click();
  const panel = page.getByRole("complementary", { name: "Order details" });
  await expect(panel.getByText("Toby Toaster")).toBeVisible();

  // Shipped with the email box ticked: "Order updated — Email Sent!", and the email goes out.
  await panel.getByLabel("Order status").selectOption("shipped");
  await panel.getByLabel("Email the customer that it shipped").check();
  await panel.getByRole("button", { name: "Update Status" }).click();
  await expect(toast(page, "Order updated — Email Sent!")).toBeVisible();
  await waitForMail((m) => m.to.includes(email) && /has shipped/.test(m.subject));

  // Shipping saved without the email box: "Shipping updated".
  await panel.getByLabel("Tracking #").fill("TRK-TOAST-1");
  await panel.getByRole("button", { name: "Save Shipping" }).click();
  await expect(toast(page, "Shipping updated")).toBeVisible();

  await panel.getByRole("button", { name: "Send Shipped Email" }).click();
  await expect(toast(page, "Order Updated! Email Sent!").first()).toBeVisible();

  // The server fails: each action says so in a red toast, and nothing changes on screen.
  await failAction(page, "status");
  await panel.getByLabel("Order status").selectOption("delivered");
  await panel.getByRole("button", { name: "Update Status" }).click();
  await expect(errorToast(page, "Failed to update order")).toBeVisible();

  await failAction(page, "shipping");
  await panel.getByRole("button", { name: "Save Shipping" }).click();
  await expect(errorToast(page, "Failed to update shipping")).toBeVisible();

  // A tracking number the store cannot read is refused: the spec's toast, and the reason beside
  // the form so staff know what to change.
  await page.unroute("**/api/admin/orders/*/shipping");
  await panel.getByLabel("Tracking #").fill("TRUCK-2 / Dec 1 AM");
  await panel.getByRole("button", { name: "Save Shipping" }).click();
  await expect(errorToast(page, "Failed to update shipping").first()).toBeVisible();
  await expect(
    panel.getByRole("alert").filter({
      hasText: "The tracking or PRO number may contain only letters, digits, spaces and dashes",
    }),
  ).toBeVisible();
  await panel.getByLabel("Tracking #").fill("TRK-TOAST-1");

  await failAction(page, "resend-confirmation");
  await panel.getByRole("button", { name: "Resend Confirmation" }).click();
  await expect(errorToast(page, "Failed to send confirmation email")).toBeVisible();

  await failAction(page, "send-shipped-email");
  await panel.getByRole("button", { name: "Send Shipped Email" }).click();
  await expect(errorToast(page, "Failed to send shipped email")).toBeVisible();

  const saved = await (
    await page.request.get(`/api/admin/orders/${order.order_id}`, { headers: adminHeaders })
  ).json();
  expect(saved).toMatchObject({ status: "shipped", tracking_number: "TRK-TOAST-1" });
});

test("a toast stays for 3 seconds and then goes", async ({ page, store }) => {
  const { order } = await store.paidOrder({
    quantity: 3,
    email: `toast-time-${Date.now()}@example.com`,
    name: "Tess Timer",
  });
  await page.clock.install();
  await signInToAdmin(page, "orders");
  await page.getByRole("button", { name: `View order ${order.friendly_order_id}` }).click();
  const panel = page.getByRole("complementary", { name: "Order details" });
  await expect(panel.getByText("Tess Timer")).toBeVisible();

  // Stop the page's clock, then move it by hand.
  await page.clock.pauseAt(Date.now() + 60_000);
  await panel.getByRole("button", { name: "Save Shipping" }).click();
  const shown = toast(page, "Shipping updated");
  await expect(shown).toBeVisible();
  await page.clock.runFor(2_900);
  await expect(shown).toBeVisible();
  await page.clock.runFor(200);
  await expect(shown).toBeHidden();
});

test("the order list pages with Load more and filters orders flagged for staff", async ({
  page,
  store,
}) => {
  const { order } = await store.paidOrder({
    quantity: 3,
    email: `paging-${Date.now()}@example.com`,
    name: "Page Turner",
  });
  const real = await (
    await page.request.get(`/api/admin/orders/${order.order_id}`, { headers: adminHeaders })
  ).json();
  // A shop with 101 open orders: the list shows 100, and Load more asks for the next ones.
  const fake = (index: number, flagged = false) => ({
    ...real,
    order_id: `00000000-0000-4000-8000-${String(index).padStart(12, "0")}`,
    friendly_order_id: `MCF-PAGE${String(index).padStart(3, "0")}`,
    needs_attention: flagged,
  });
  const asked: string[] = [];
  await page.route("**/api/admin/orders?*", (route) => {
    const url = new URL(route.request().url());
    asked.push(url.search);
    if (url.searchParams.get("needs_attention") === "true")
      return route.fulfill({ json: { orders: [fake(900, true)] } });
    const offset = Number(url.searchParams.get("offset"));
    const count = offset === 0 ? 100 : 1;
    return route.fulfill({
      json: { orders: Array.from({ length: count }, (_, i) => fake(offset + i)) },
    });
  });

  await signInToAdmin(page, "orders");
  await expect(page.getByText("100 orders")).toBeVisible();
  await expect(page.getByRole("button", { name: "View order MCF-PAGE099" })).toBeAttached();
  await page.getByRole("button", { name: "Load more" }).click();
  await expect(page.getByText("101 orders")).toBeVisible();
  await expect(page.getByRole("button", { name: "View order MCF-PAGE100" })).toBeAttached();
  await expect(page.getByRole("button", { name: "Load more" })).toHaveCount(0);
  expect(asked.at(-1)).toContain("offset=100");
  expect(asked.at(-1)).toContain("limit=100");

  await page.getByLabel("Needs attention only").check();
  await expect(page.getByText("1 order", { exact: true })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: "MCF-PAGE900" });
  await expect(row.getByText("Attention")).toBeVisible();
  expect(asked.at(-1)).toContain("needs_attention=true");
});
