import { waitForMail } from "../../support/mail.ts";
import { adminHeaders, expect, test } from "../../support/store-data.ts";
import { signInToAdmin } from "./admin-helpers.ts";

test("staff ship a paid order with Mark as shipped and Send shipped email; the customer gets the tracking link", async ({
  page,
  store,
}) => {
  const email = `ship-${Date.now()}@example.com`;
  const { order } = await store.paidOrder({ quantity: 3, email, name: "Riley Shipwell" });
  await signInToAdmin(page, "orders");
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
  store,
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

  const { order } = await store.paidOrder({
    quantity: 3,
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

test("staff print an order's packing list and invoice: on paper only the document shows", async ({
  page,
  store,
}) => {
  const product = await store.product({
    name: `Printed Plank ${store.tag}`,
    sku: `PRINT-${store.tag}`,
  });
  const { order } = await store.paidOrder({ product, quantity: 3, name: "Pat Printer" });
  await page.addInitScript(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
  await signInToAdmin(page, "orders");
  await page.getByRole("button", { name: `View order ${order.friendly_order_id}` }).click();
  const panel = page.getByRole("complementary", { name: "Order details" });

  await panel.getByRole("button", { name: "Print packing list" }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await page.emulateMedia({ media: "print" });
  const packing = page.getByRole("article", { name: `Packing list ${order.friendly_order_id}` });
  await expect(packing).toBeVisible();
  await expect(packing.getByRole("row", { name: /Printed Plank .* PRINT-/ })).toContainText("3");
  await expect(page.getByRole("heading", { name: "Back office" })).toBeHidden();

  await page.emulateMedia({ media: "screen" });
  await expect(packing).toBeHidden();
  await panel.getByRole("button", { name: "Print invoice" }).click();
  await page.emulateMedia({ media: "print" });
  const invoice = page.getByRole("article", { name: `Invoice ${order.friendly_order_id}` });
  await expect(invoice).toContainText("Pat Printer");
  const total = order.total_amount.toLocaleString("en-US", { style: "currency", currency: "USD" });
  await expect(invoice).toContainText(`Total: ${total}`);
});

test("staff packing an order take a line's boxes from another dye lot; the panel, its history and the packing list show it", async ({
  page,
  store,
  request,
}) => {
  const product = await store.product({ name: `Lot Pick Oak ${store.tag}`, stock_quantity: 40 });
  const lots = await request.put(`/api/admin/products/${product.id}/lots`, {
    headers: adminHeaders,
    data: {
      lots: [
        { lot_code: "PK-1", boxes: 6 },
        { lot_code: "PK-2", boxes: 3 },
        { lot_code: "PK-3", boxes: 20 },
      ],
    },
  });
  expect(lots.status()).toBe(200);
  // Five boxes come from the smallest lot that holds them: PK-1.
  const { order } = await store.paidOrder({ product, quantity: 5 });
  await page.addInitScript(() => {
    window.print = () => {};
  });
  await signInToAdmin(page, "orders");
  await page.getByRole("button", { name: `View order ${order.friendly_order_id}` }).click();
  const panel = page.getByRole("complementary", { name: "Order details" });
  await expect(panel.getByText("Dye lot: PK-1")).toBeVisible();

  await panel.getByRole("button", { name: `Change lot for ${product.name}` }).click();
  const picker = panel.getByRole("form", { name: "Take all 5 boxes from one lot" });
  const lot = picker.getByLabel("Dye lot");
  await expect(lot).toBeFocused();
  await expect(lot).toHaveValue(/\d+/);
  // A lot too small for the line is listed but cannot be chosen.
  await expect(
    picker.getByRole("option", { name: "PK-2: 3 boxes left, too few for 5" }),
  ).toBeDisabled();
  await lot.selectOption({ label: "PK-3: 20 boxes left" });
  await picker.getByRole("button", { name: "Move boxes to this lot" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: `${product.name}: all 5 boxes from lot PK-3` }),
  ).toBeVisible();
  await expect(panel.getByText("Dye lot: PK-3")).toBeVisible();
  await expect(panel.getByText(`Dye lot of ${product.name} set to PK-3`)).toBeVisible();
  await expect(panel.getByRole("button", { name: `Change lot for ${product.name}` })).toBeFocused();

  await panel.getByRole("button", { name: "Print packing list" }).click();
  await page.emulateMedia({ media: "print" });
  const packing = page.getByRole("article", { name: `Packing list ${order.friendly_order_id}` });
  await expect(packing.getByRole("row", { name: new RegExp(product.name) })).toContainText("PK-3");
});

test("a line sold before its product had dye lots can be given one of the lots recorded since", async ({
  page,
  store,
  request,
}) => {
  const product = await store.product({ name: `Early Lot Oak ${store.tag}`, stock_quantity: 30 });
  const { order } = await store.paidOrder({ product, quantity: 4 });
  const lots = await request.put(`/api/admin/products/${product.id}/lots`, {
    headers: adminHeaders,
    data: { lots: [{ lot_code: "LT-1", boxes: 26 }] },
  });
  expect(lots.status()).toBe(200);
  await signInToAdmin(page, "orders");
  await page.getByRole("button", { name: `View order ${order.friendly_order_id}` }).click();
  const panel = page.getByRole("complementary", { name: "Order details" });
  await panel.getByRole("button", { name: `Choose a lot for ${product.name}` }).click();
  const picker = panel.getByRole("form", { name: "Take all 4 boxes from one lot" });
  await picker.getByLabel("Dye lot").selectOption({ label: "LT-1: 26 boxes left" });
  await picker.getByRole("button", { name: "Move boxes to this lot" }).click();
  await expect(panel.getByText("Dye lot: LT-1")).toBeVisible();
  await expect(panel.getByRole("button", { name: `Change lot for ${product.name}` })).toBeFocused();
});
