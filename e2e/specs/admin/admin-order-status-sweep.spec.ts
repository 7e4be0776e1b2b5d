import type { OrderConfirmation } from "@mcf/contracts/orders";
import type { APIRequestContext, Page } from "@playwright/test";
import { buildPaymentRequest } from "../../../server/test/factories.ts";
import { adminHeaders, expect, test } from "../../support/store-data.ts";
import { signInToAdmin } from "./admin-helpers.ts";

/**
 * The back office never offers a status the API would refuse, and never hides one it would take:
 * for an order in each state staff meet, every status the select offers is accepted by the API
 * (on a twin order in the same state, so each move starts from that state), and every status it
 * shows disabled is refused with a message and changes nothing.
 */

type Start = "unpaid" | "paid" | "shipped" | "delivered" | "cancelled unpaid" | "refunded";
const starts: Start[] = ["unpaid", "paid", "shipped", "delivered", "cancelled unpaid", "refunded"];

async function setStatus(request: APIRequestContext, id: string, status: string) {
  return request.patch(`/api/admin/orders/${id}/status`, {
    headers: adminHeaders,
    data: { status, send_email: false },
  });
}

/** An order of one box of `product`, brought to `start` through the API as staff would. */
let checkouts = 0;

async function orderIn(
  request: APIRequestContext,
  product: { id: number },
  start: Start,
): Promise<OrderConfirmation> {
  // Each checkout comes from an address of its own: the sweep places about twenty orders, and
  // checkouts are rate-limited per address (other specs' checkouts share the runner's).
  checkouts += 1;
  const headers = { "x-forwarded-for": `10.93.${Date.now() % 250}.${checkouts % 250}` };
  const started = await request.post("/api/payments/process", {
    headers,
    data: buildPaymentRequest([{ product_id: product.id, quantity: 1 }]),
  });
  expect(started.status()).toBe(200);
  const { id } = (await started.json()) as { id: string };
  if (start !== "unpaid" && start !== "cancelled unpaid") {
    const paid = await request.post(`/api/payments/test-sessions/${encodeURIComponent(id)}/pay`, {
      headers,
      data: { card_number: "4242 4242 4242 4242" },
    });
    expect(paid.status()).toBe(200);
  }
  const found = await request.get(`/api/orders/by-session/${encodeURIComponent(id)}`, { headers });
  expect(found.status()).toBe(200);
  const order = (await found.json()) as OrderConfirmation;
  const moves: Record<Start, string[]> = {
    unpaid: [],
    paid: [],
    shipped: ["shipped"],
    delivered: ["shipped", "delivered"],
    "cancelled unpaid": ["cancelled"],
    refunded: ["cancelled"],
  };
  for (const status of moves[start]) {
    const moved = await setStatus(request, order.order_id, status);
    expect(moved.status(), `${start}: ${status}`).toBe(200);
  }
  return order;
}

async function statusOf(request: APIRequestContext, id: string) {
  const response = await request.get(`/api/admin/orders/${id}`, { headers: adminHeaders });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { status: string }).status;
}

async function offeredStatuses(page: Page, friendlyId: string, status: string) {
  // Closed orders are not among "All open orders": the list is filtered to the order's status.
  const orders = page.getByRole("region", { name: "Orders" });
  await orders.getByRole("combobox", { name: "Status" }).selectOption(status);
  await orders.getByRole("searchbox", { name: "Search orders" }).fill(friendlyId);
  await page.getByRole("button", { name: `View order ${friendlyId}` }).click();
  const select = page
    .getByRole("complementary", { name: "Order details" })
    .getByLabel("Order status");
  await expect(select).toBeVisible();
  return select.locator("option").evaluateAll((options) =>
    options.map((option) => ({
      value: (option as HTMLOptionElement).value,
      disabled: (option as HTMLOptionElement).disabled,
    })),
  );
}

test("every status the order panel offers is one the API takes, and every one it withholds the API refuses", async ({
  page,
  request,
  store,
}) => {
  test.slow();
  const product = await store.product({ stock_quantity: 200 });
  await signInToAdmin(page, "orders");
  for (const start of starts) {
    const order = await orderIn(request, product, start);
    await page.reload();
    await expect(page.getByText("Select an order to view details")).toBeVisible();
    const current = await statusOf(request, order.order_id);
    const options = await offeredStatuses(page, order.friendly_order_id, current);
    expect(options.map((option) => option.value)).toEqual([
      "pending",
      "processing",
      "shipped",
      "delivered",
      "cancelled",
    ]);
    // A refunded order is the one the panel may not reopen: only "cancelled" stays on offer.
    if (start === "refunded")
      expect(options.filter((option) => !option.disabled).map((option) => option.value)).toEqual([
        "cancelled",
      ]);
    for (const option of options) {
      if (option.value === current) continue;
      if (option.disabled) {
        const refused = await setStatus(request, order.order_id, option.value);
        expect(refused.status(), `${start} → ${option.value} is withheld`).toBe(409);
        expect(((await refused.json()) as { detail: string }).detail).toMatch(/\w/);
        expect(await statusOf(request, order.order_id)).toBe(current);
      } else {
        const twin = await orderIn(request, product, start);
        const taken = await setStatus(request, twin.order_id, option.value);
        expect(taken.status(), `${start} → ${option.value} is offered`).toBe(200);
      }
    }
  }
});
