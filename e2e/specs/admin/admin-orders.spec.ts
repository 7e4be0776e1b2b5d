import { expect, type Page, test } from "@playwright/test";
import { waitForMail } from "../../support/mail.ts";
import { adminHeaders, createProductViaApi, signInToAdmin } from "./admin-helpers.ts";

/** Checks out through the API and pays on the built-in test payment session, as a shopper would. */
async function placePaidOrder(
  page: Page,
  options: { email: string; name: string; coupon?: string },
) {
  const product = await createProductViaApi(page, {
    name: `E2E Order Oak ${Date.now()}`,
    our_price: 4,
    sqft_per_carton: 20,
    stock_quantity: 50,
  });
  const session = await page.request.post("/api/payments/process", {
    data: {
      cart_items: [{ product_id: product.id, quantity: 3 }],
      customer_name: options.name,
      customer_email: options.email,
      customer_phone: "(205) 555-0142",
      billing_address: {
        street: "1 Test Way",
        city: "Birmingham",
        state: "AL",
        zip_code: "35203",
        country: "US",
      },
      shipping_address: null,
      ...(options.coupon ? { coupon_code: options.coupon } : {}),
    },
  });
  expect(session.status()).toBe(200);
  const { id } = (await session.json()) as { id: string };
  const paid = await page.request.post(
    `/api/payments/test-sessions/${encodeURIComponent(id)}/pay`,
    {
      data: { card_number: "4242 4242 4242 4242" },
    },
  );
  expect(paid.status()).toBe(200);
  const list = await page.request.get("/api/admin/orders?limit=100", { headers: adminHeaders });
  const order = (
    (await list.json()) as {
      orders: Array<{ friendly_order_id: string; customer_email: string; discount_amount: number }>;
    }
  ).orders.find((o) => o.customer_email === options.email);
  expect(order).toBeDefined();
  return order as NonNullable<typeof order>;
}

test("staff ship a paid order with Mark as shipped and Send shipped email; the customer gets the tracking link", async ({
  page,
}) => {
  const email = `ship-${Date.now()}@example.com`;
  const order = await placePaidOrder(page, { email, name: "Riley Shipwell" });
  await signInToAdmin(page);
  await page.getByRole("button", { name: `View order ${order.friendly_order_id}` }).click();
  const panel = page.getByRole("complementary", { name: "Order details" });
  await expect(panel.getByText("Riley Shipwell")).toBeVisible();
  await expect(panel.getByText("Payment: Paid")).toBeVisible();

  await panel.getByLabel("Carrier / Method").selectOption("UPS");
  await panel.getByLabel("Tracking #").fill("1Z999AA10123456784");
  await panel.getByLabel("Shipped at (Birmingham time)").fill("2026-03-04T09:30");
  await panel.getByLabel("Notes").fill("Two pallets, liftgate delivery");
  await panel.getByLabel("Mark as shipped").check();
  await panel.getByLabel("Send shipped email").check();
  await panel.getByRole("button", { name: "Save Shipping" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Shipping updated — Email Sent!" }),
  ).toBeVisible();
  await expect(panel.getByLabel("Order status")).toHaveValue("shipped");
  await expect(panel.getByLabel("Shipped at (Birmingham time)")).toHaveValue("2026-03-04T09:30");

  const mail = await waitForMail((m) => m.to.includes(email) && /has shipped/.test(m.subject));
  expect(mail.text).toContain("1Z999AA10123456784");
  expect(mail.text).toContain("https://www.ups.com/track?tracknum=1Z999AA10123456784");
  const trackLink = /(http\S+\/track\/[A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  expect(trackLink).toBeDefined();
  const token = (trackLink as string).split("/track/")[1];
  const tracking = await (await page.request.get(`/api/track/${token}`)).json();
  expect(tracking).toMatchObject({
    status: "shipped",
    shipping_carrier: "UPS",
    shipped_at: "2026-03-04T15:30:00.000Z",
  });
  // The customer's tracking page shows it too.
  const trackPage = await page.context().newPage();
  await trackPage.goto(`/track/${token}`);
  await expect(trackPage.getByText("1Z999AA10123456784").first()).toBeVisible();
  await expect(trackPage.getByText("UPS").first()).toBeVisible();
  await expect(trackPage.getByText(/shipped/i).first()).toBeVisible();
  await trackPage.close();

  await panel.getByRole("button", { name: "Resend Confirmation" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Order Updated! Email Sent!" }),
  ).toBeVisible();
  await panel.getByLabel("Order status").selectOption("delivered");
  await panel.getByRole("button", { name: "Update Status" }).click();
  await expect(page.getByRole("status").filter({ hasText: /^Order updated$/ })).toBeVisible();
  await expect(panel.getByText("Status set to delivered")).toBeVisible();

  await panel.getByRole("button", { name: "Close order details" }).click();
  await expect(page.getByText("Select an order to view details")).toBeVisible();
});

test("a coupon created in the back office discounts a checkout and shows its use", async ({
  page,
}) => {
  const code = `USE${Date.now().toString(36).toUpperCase()}`;
  await signInToAdmin(page, "coupons");
  await page.getByRole("button", { name: "New coupon" }).click();
  const form = page.getByRole("form", { name: "New coupon" });
  await form.getByLabel("Code").fill(code);
  await form.getByLabel("Kind").selectOption("fixed");
  await form.getByLabel("Amount ($)").fill("20");
  await form.getByRole("button", { name: "Save coupon" }).click();
  await expect(page.getByRole("row").filter({ hasText: code })).toContainText("$20.00 off");

  const order = await placePaidOrder(page, {
    email: `coupon-${Date.now()}@example.com`,
    name: "Casey Coupon",
    coupon: code.toLowerCase(),
  });
  expect(order.discount_amount).toBe(20);
  await page.reload();
  await expect(page.getByRole("row").filter({ hasText: code }).getByRole("cell").nth(5)).toHaveText(
    "1",
  );
});
