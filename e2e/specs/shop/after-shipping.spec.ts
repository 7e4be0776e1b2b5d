import { expectNoSeriousA11yViolations } from "../../support/axe.ts";
import { waitForMail } from "../../support/mail.ts";
import { openPage } from "../../support/page.ts";
import { adminHeaders, expect, test } from "../../support/store-data.ts";
import { signInToAdmin } from "../admin/admin-helpers.ts";

test.describe("after the box leaves the shelf", () => {
  test("staff ship with an LTL carrier and a PRO number; the shopper's /track links to the carrier with the appointment, the note and the checklist", async ({
    page,
    store,
  }) => {
    const email = `ltl-${Date.now()}@example.com`;
    const { order } = await store.paidOrder({ quantity: 4, email, name: "Casey Freight" });
    await signInToAdmin(page, "orders");
    await page.getByRole("button", { name: `View order ${order.friendly_order_id}` }).click();
    const panel = page.getByRole("complementary", { name: "Order details" });
    await panel.getByLabel("Carrier / Method").selectOption("Estes");
    await panel.getByLabel("Tracking #").fill("0628143046");
    await panel.getByLabel("Delivery appointment").fill("2026-12-03");
    await panel.getByLabel("Appointment window").fill("8 AM – 12 PM");
    await panel.getByLabel("Notes").fill("The driver calls 30 minutes before arriving.");
    await panel.getByLabel("Mark as shipped").check();
    await panel.getByLabel("Send shipped email").check();
    await panel.getByRole("button", { name: "Save Shipping" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Shipping updated — Email Sent!" }),
    ).toBeVisible();

    const mail = await waitForMail((m) => m.to.includes(email) && /has shipped/.test(m.subject));
    expect(mail.text).toContain("PRO number: 0628143046");
    expect(mail.text).toContain(
      "https://www.estes-express.com/myestes/shipment-tracking/?type=PRO&query=0628143046",
    );
    expect(mail.text).toContain("Delivery appointment: Thursday, December 3, 2026, 8 AM – 12 PM");
    expect(mail.text).toContain("Inspect before you sign");

    const trackPath = new URL(order.tracking_url as string).pathname;
    await openPage(page, trackPath);
    const shipment = page.getByRole("region", { name: "Shipment" });
    await expect(shipment.getByText("Estes", { exact: true })).toBeVisible();
    await expect(shipment.getByText("PRO number")).toBeVisible();
    await expect(shipment.getByText("0628143046")).toBeVisible();
    await expect(shipment.getByText("Thursday, December 3, 8 AM – 12 PM")).toBeVisible();
    await expect(shipment.getByText("The driver calls 30 minutes before arriving.")).toBeVisible();
    await expect(shipment.getByRole("link", { name: "Track with Estes" })).toHaveAttribute(
      "href",
      "https://www.estes-express.com/myestes/shipment-tracking/?type=PRO&query=0628143046",
    );
    const checklist = page.getByRole("region", { name: "Inspect before you sign" });
    await expect(checklist.getByText("this order has 4 boxes")).toBeVisible();
    await expect(
      checklist.getByText(/Write any damage or shortage on the delivery receipt/),
    ).toBeVisible();
    // The shipped page, with its claim and return forms, is accessible too.
    await expectNoSeriousA11yViolations(page);
  });

  test("a shopper who lost the link finds the order at /track by number and email; a wrong email gets the same answer as a wrong number", async ({
    page,
    store,
  }) => {
    const email = `lookup-${Date.now()}@example.com`;
    const { order } = await store.paidOrder({ email });
    // Lookups are limited per network: this test asks from an address of its own.
    await page.setExtraHTTPHeaders({ "x-forwarded-for": `10.88.${Date.now() % 250}.7` });
    await openPage(page, "/");
    await page.getByRole("contentinfo").getByRole("link", { name: "Track an Order" }).click();
    await expect(page.getByRole("heading", { name: "Track Your Order" })).toBeVisible();

    const form = page.getByRole("form", { name: "Find your order" });
    await form.getByLabel("Order number").fill(order.friendly_order_id.toLowerCase());
    await form.getByLabel("Email").fill("someone.else@example.com");
    await form.getByRole("button", { name: "Find My Order" }).click();
    const notFound =
      "We could not find an order with that number and email address. Please check both and try again.";
    await expect(page.getByRole("alert")).toHaveText(notFound);

    await form.getByLabel("Order number").fill("MCF-ZZZZZZ");
    await form.getByLabel("Email").fill(email);
    await form.getByRole("button", { name: "Find My Order" }).click();
    await expect(page.getByRole("alert")).toHaveText(notFound);

    await form.getByLabel("Order number").fill(order.friendly_order_id);
    await form.getByRole("button", { name: "Find My Order" }).click();
    await expect(page).toHaveURL(/\/track\/[A-Za-z0-9_-]{20,}$/);
    await expect(page.getByText(order.friendly_order_id)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Inspect before you sign" })).toBeVisible();
  });
});

/** A real 1×1 PNG, as a phone's photo would arrive. */
const photoPng = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

test("an order our own truck delivered (no carrier, no tracking number) reads delivered on /track, not waiting to ship", async ({
  page,
  request,
  store,
}) => {
  const { order } = await store.paidOrder({ quantity: 2 });
  for (const status of ["shipped", "delivered"]) {
    const moved = await request.patch(`/api/admin/orders/${order.order_id}/status`, {
      headers: adminHeaders,
      data: { status },
    });
    expect(moved.status()).toBe(200);
  }
  await openPage(page, new URL(order.tracking_url as string).pathname);
  const shipment = page.getByRole("region", { name: "Shipment" });
  await expect(shipment.getByText("Your order was delivered.")).toBeVisible();
  await expect(shipment.getByText(/as soon as your order ships/)).toHaveCount(0);
  await expect(shipment.getByText(/^Estimated delivery/)).toHaveCount(0);
});

test("a damage claim with a photo from /track reaches the staff inbox; a file that is not a photo is refused", async ({
  page,
  request,
  store,
}) => {
  const { order } = await store.paidOrder({
    quantity: 3,
    email: `claim-${Date.now()}@example.com`,
  });
  const shipped = await request.post(`/api/admin/orders/${order.order_id}/shipping`, {
    headers: adminHeaders,
    data: { shipping_carrier: "Saia", tracking_number: "10203040506", mark_shipped: true },
  });
  expect(shipped.status()).toBe(200);
  // Claims are limited per network: this test sends from an address of its own.
  await page.setExtraHTTPHeaders({ "x-forwarded-for": `10.89.${Date.now() % 250}.9` });
  await openPage(page, new URL(order.tracking_url as string).pathname);

  const form = page.getByRole("form", { name: "Damage or shortage claim" });
  await form.getByLabel("Damaged boxes").check();
  await form.getByLabel("Boxes affected").fill("2");
  await form
    .getByLabel("What happened")
    .fill("Two boxes crushed at one corner; written on the receipt.");
  await form.getByLabel("Photos").setInputFiles({
    name: "receipt.jpg",
    mimeType: "image/jpeg",
    buffer: Buffer.from("%PDF-1.4 not really a photo"),
  });
  await form.getByRole("button", { name: "Send Claim" }).click();
  await expect(form.getByRole("alert")).toHaveText(
    '"receipt.jpg" is not a photo we can read. Please send JPEG, PNG, WebP or HEIC images.',
  );

  await form.getByLabel("Photos").setInputFiles({
    name: "corner.png",
    mimeType: "image/png",
    buffer: photoPng,
  });
  await form.getByRole("button", { name: "Send Claim" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Your claim reached our team" }),
  ).toBeVisible();

  await signInToAdmin(page, "inbox");
  await page.getByRole("button", { name: "Delivery claims" }).click();
  const card = page.getByRole("article", { name: `Damage claim on ${order.friendly_order_id}` });
  await expect(card.getByText("2 of 3 boxes")).toBeVisible();
  await expect(card.getByText("Two boxes crushed at one corner")).toBeVisible();
  const photo = card.getByRole("img", { name: "Evidence 1 of 1 sent with the claim" });
  await expect(photo).toBeVisible();
  // The photo itself shows, not a broken image.
  await expect
    .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(1);
});

test("a closeout says final sale where it is added to the cart", async ({ page, store }) => {
  const closeout = await store.product({ is_closeout: true, stock_quantity: 8 });
  await openPage(page, `/products/${closeout.id}`);
  await expect(page.getByText("Final sale: closeouts cannot be returned.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Add to Cart" })).toBeEnabled();
});
