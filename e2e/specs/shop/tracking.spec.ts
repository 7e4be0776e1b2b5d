import type { Page } from "@playwright/test";
import { openPage } from "../../support/page.ts";
import { adminHeaders as admin, expect, type StoreData, test } from "../../support/store-data.ts";

/** A paid order's id and tracking page path. */
async function paidOrder(store: StoreData) {
  const { order } = await store.paidOrder({ email: `track-${Date.now()}@example.com` });
  return {
    orderId: order.order_id,
    friendlyId: order.friendly_order_id,
    trackPath: new URL(order.tracking_url as string).pathname,
  };
}

/** The step labels, each with whether it is done, as a screen reader hears them. */
async function steps(page: Page): Promise<string[]> {
  return page
    .locator("ol")
    .filter({ hasText: "Order Placed" })
    .locator("li")
    .evaluateAll((items) =>
      items.map((li) =>
        Array.from(li.children)
          .filter((child) => child.getAttribute("aria-hidden") !== "true")
          .map((child) => child.textContent?.trim())
          .join(""),
      ),
    );
}

/** Duration (ms) of each running animation of the progress bar's fill. */
function fillAnimations(page: Page): Promise<number[]> {
  return page.evaluate(() =>
    document
      .getAnimations()
      .filter((a) => (a.effect as KeyframeEffect | null)?.target?.classList.contains("track-fill"))
      .map((a) => Number(a.effect?.getComputedTiming().duration)),
  );
}

test.describe("order tracking", () => {
  test("a shipped order shows carrier, number, the carrier's tracking link and three steps done", async ({
    page,
    request,
    store,
  }) => {
    const order = await paidOrder(store);
    const shipped = await request.post(`/api/admin/orders/${order.orderId}/shipping`, {
      headers: admin,
      data: {
        shipping_carrier: "UPS",
        tracking_number: "1Z999AA10123456784",
        shipped_at: new Date().toISOString(),
        shipping_notes: null,
        mark_shipped: true,
        send_email: false,
      },
    });
    expect(shipped.status()).toBe(200);

    await openPage(page, order.trackPath);
    await expect(page.getByText(order.friendlyId, { exact: true })).toBeVisible();
    await expect(page.getByText("Shipped", { exact: true }).first()).toBeVisible();
    await expect(page.getByText("UPS", { exact: true })).toBeVisible();
    await expect(page.getByText("1Z999AA10123456784")).toBeVisible();
    const link = page.getByRole("link", { name: "Track with UPS" });
    await expect(link).toHaveAttribute("href", /ups\.com.*1Z999AA10123456784/);
    expect(await steps(page)).toEqual([
      "Order Placed(done)",
      "Processing(done)",
      "Shipped(done)",
      "Delivered(not yet)",
    ]);
  });

  test("the bar fills over about 14 s for a delivered order, and not at all under reduced motion", async ({
    browser,
    request,
    store,
  }) => {
    const order = await paidOrder(store);
    const delivered = await request.patch(`/api/admin/orders/${order.orderId}/status`, {
      headers: admin,
      data: { status: "delivered", send_email: false },
    });
    expect(delivered.status()).toBe(200);

    const moving = await browser.newContext({ reducedMotion: "no-preference" });
    const page = await moving.newPage();
    await openPage(page, order.trackPath);
    expect(await steps(page)).toEqual([
      "Order Placed(done)",
      "Processing(done)",
      "Shipped(done)",
      "Delivered(done)",
    ]);
    expect(await fillAnimations(page)).toEqual([14_000]);
    await moving.close();

    const still = await browser.newContext({ reducedMotion: "reduce" });
    const calm = await still.newPage();
    await openPage(calm, order.trackPath);
    expect(await fillAnimations(calm)).toEqual([]);
    await still.close();
  });

  test("a paid order being prepared shows a calm Processing pill, never the red of a problem", async ({
    page,
    store,
  }) => {
    const order = await paidOrder(store);
    await openPage(page, order.trackPath);
    const pill = page.getByTestId("order-status");
    await expect(pill).toHaveText("Processing");
    // The pill's background as sRGB (Tailwind's colours may be computed as oklch()).
    const [red = 0, green = 0, blue = 0] = await pill.evaluate((el) => {
      const canvas = document.createElement("canvas").getContext("2d") as CanvasRenderingContext2D;
      canvas.fillStyle = getComputedStyle(el).backgroundColor;
      canvas.fillRect(0, 0, 1, 1);
      return Array.from(canvas.getImageData(0, 0, 1, 1).data);
    });
    // Red-100 is about rgb(255 226 226): red well above blue. The calm pill leans blue.
    expect(blue).toBeGreaterThanOrEqual(red);
    expect(green).toBeGreaterThan(0);
    expect(await pill.evaluate((el) => el.getAnimations().length)).toBe(0);
  });

  test("a cancelled order shows Cancelled in place of the last step", async ({
    page,
    request,
    store,
  }) => {
    const order = await paidOrder(store);
    const cancelled = await request.patch(`/api/admin/orders/${order.orderId}/status`, {
      headers: admin,
      data: { status: "cancelled", send_email: false },
    });
    expect(cancelled.status()).toBe(200);
    await openPage(page, order.trackPath);
    expect(await steps(page)).toEqual([
      "Order Placed(done)",
      "Processing(done)",
      "Shipped(not yet)",
      "Cancelled(done)",
    ]);
    await expect(page.getByText("This order was cancelled and will not ship.")).toBeVisible();
  });
});
