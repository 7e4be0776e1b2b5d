import type { Page } from "@playwright/test";
import { expect, test } from "../../support/store-data.ts";
import { signInToAdmin } from "./admin-helpers.ts";

/**
 * Every visible control on the screen smaller than 24×24 CSS px (WCAG 2.2 target size), as
 * "label WxH". Links inside running text are exempt, as WCAG exempts them.
 */
function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const controls = document.querySelectorAll<HTMLElement>(
      "button, a[href], input:not([type=hidden]), select, textarea, summary, [role=tab]",
    );
    const small: string[] = [];
    for (const control of Array.from(controls)) {
      const box = control.getBoundingClientRect();
      const style = getComputedStyle(control);
      if (box.width === 0 || box.height === 0 || style.visibility === "hidden") continue;
      if (control.closest(".sr-only")) continue;
      const inText = control.tagName === "A" && style.display === "inline";
      if (inText) continue;
      if (box.width < 24 || box.height < 24) {
        const name =
          control.getAttribute("aria-label") ??
          (control.textContent?.trim() || control.getAttribute("name") || control.tagName);
        small.push(`${name.slice(0, 40)} ${Math.round(box.width)}x${Math.round(box.height)}`);
      }
    }
    return small;
  });
}

for (const width of [390, 1280]) {
  test.describe(`back office controls at ${width}px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("every control on every tab is at least 24×24 px", async ({ page, store }) => {
      test.slow();
      const { order } = await store.paidOrder({
        email: `targets-${width}-${Date.now()}@example.com`,
      });
      await signInToAdmin(page, "orders");
      const seen: Record<string, string[]> = {};
      await expect(page.getByText("Select an order to view details")).toBeVisible();
      seen.orders = await smallTargets(page);
      await page.getByRole("button", { name: `View order ${order.friendly_order_id}` }).click();
      await expect(page.getByRole("complementary", { name: "Order details" })).toBeVisible();
      seen["order panel"] = await smallTargets(page);
      for (const tab of [
        "Dashboard",
        "Products",
        "Inbox",
        "Coupons",
        "Partners",
        "Outbox",
        "Audit",
      ]) {
        await page.getByRole("tab", { name: tab }).click();
        await expect(page.getByRole("tab", { name: tab })).toHaveAttribute("aria-selected", "true");
        await expect(page.getByText("Loading…")).toHaveCount(0);
        seen[tab] = await smallTargets(page);
      }
      expect(seen).toEqual({
        orders: [],
        "order panel": [],
        Dashboard: [],
        Products: [],
        Inbox: [],
        Coupons: [],
        Partners: [],
        Outbox: [],
        Audit: [],
      });
    });
  });
}

test.describe("back office tables at 1280px", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("a click anywhere on a sortable header cell sorts by it", async ({ page }) => {
    await signInToAdmin(page, "products");
    // Measure once the rows are in: they set the columns' widths.
    await expect(page.getByRole("button", { name: /^Edit / }).first()).toBeVisible();
    const header = page.getByRole("columnheader", { name: /Brand/ });
    await expect(header).not.toHaveAttribute("aria-sort", /./);
    const box = await header.boundingBox();
    if (!box) throw new Error("no Brand header");
    // The cell's far corner, away from the label.
    await page.mouse.click(box.x + box.width - 3, box.y + box.height - 3);
    await expect(header).toHaveAttribute("aria-sort", "ascending");
  });

  test("with the order panel open the order numbers are whole", async ({ page, store }) => {
    const { order } = await store.paidOrder({ email: `clip-${Date.now()}@example.com` });
    await signInToAdmin(page, "orders");
    const view = page.getByRole("button", { name: `View order ${order.friendly_order_id}` });
    await view.click();
    await expect(page.getByRole("complementary", { name: "Order details" })).toBeVisible();
    const number = page
      .getByRole("row")
      .filter({ has: view })
      .getByText(order.friendly_order_id, { exact: true });
    await page.screenshot({ path: "test-results/orders-panel-1280.png" });
    // Nothing of the number is cut off: it lies inside the visible part of the table's scroll area.
    const fits = await number.evaluate((el) => {
      const box = el.getBoundingClientRect();
      let region = el.parentElement;
      while (region && getComputedStyle(region).overflowX === "visible")
        region = region.parentElement;
      const visible = region?.getBoundingClientRect() ?? box;
      return box.left >= visible.left - 1 && box.right <= visible.right + 1;
    });
    expect(fits).toBe(true);
  });

  test("a long product name is shown whole in the products table", async ({ page, store }) => {
    const product = await store.product({
      name: `Heritage Hand-scraped Wide Plank Engineered Hickory Saddle ${Date.now()}`,
    });
    await signInToAdmin(page, "products");
    await page.getByLabel("Search products").fill(product.name);
    const name = page.getByRole("cell").getByText(product.name, { exact: true });
    await expect(name).toBeVisible();
    const whole = await name.evaluate((el) => el.scrollWidth <= el.clientWidth + 1);
    expect(whole).toBe(true);
  });
});
