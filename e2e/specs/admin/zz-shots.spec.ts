import { test } from "../../support/store-data.ts";
import { signInToAdmin } from "./admin-helpers.ts";

for (const width of [390, 1280])
  test(`shots ${width}`, async ({ page, store }) => {
    await page.setViewportSize({ width, height: 1100 });
    const { order } = await store.paidOrder({ quantity: 3 });
    await signInToAdmin(page, "orders");
    await page.screenshot({ path: `/tmp/money-list-${width}.png` });
    await page.getByRole("button", { name: `View order ${order.friendly_order_id}` }).click();
    const panel = page.getByRole("complementary", { name: "Order details" });
    await panel.getByRole("button", { name: "Cancel some lines…" }).click();
    await panel.getByRole("spinbutton", { name: /^Boxes of .* to cancel$/ }).fill("1");
    await panel.getByRole("button", { name: "Show the refund" }).click();
    await panel.getByRole("alertdialog").scrollIntoViewIfNeeded();
    await panel.screenshot({ path: `/tmp/money-cancel-${width}.png` });
    await page.goto("/admin?tab=dashboard");
    const rec = page.getByRole("region", { name: /Reconciliation/ });
    await rec.scrollIntoViewIfNeeded();
    await rec.getByText(/checked against/).waitFor();
    await page.screenshot({ path: `/tmp/money-dash-${width}.png`, fullPage: true });
    await page.goto("/admin?tab=settings");
    const who = page.getByRole("form", { name: "Who may refund" });
    await who.scrollIntoViewIfNeeded();
    await who.screenshot({ path: `/tmp/money-settings-${width}.png` });
  });
