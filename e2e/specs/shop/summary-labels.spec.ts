import type { Locator } from "@playwright/test";
import { openPage } from "../../support/page.ts";
import { expect, test } from "../../support/store-data.ts";
import { seedCart } from "./shop-fixtures.ts";

/** The text as a screen reader's text or a copy of the page carries it, spaces folded. */
const readText = async (locator: Locator) =>
  ((await locator.textContent()) ?? "").replace(/\s+/g, " ").trim();

/** Pixels between the label's end and the value's start on one line, or null when they wrap. */
async function gapBetween(row: Locator): Promise<number | null> {
  const label = await row.locator("dt").boundingBox();
  const value = await row.locator("dd").boundingBox();
  if (!label || !value) throw new Error("a summary row without its label or value");
  if (value.y >= label.y + label.height) return null;
  return value.x - (label.x + label.width);
}

test.describe("summary labels never run into their values", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the cart summary and the mini cart read "Items: 20 boxes", with a visible gap on a phone', async ({
    page,
    store,
  }) => {
    const product = await store.product();
    await openPage(page, "/");
    await seedCart(page, [{ product, quantity: 20 }]);
    await openPage(page, "/cart");

    const summary = page.getByRole("complementary", { name: "Order Summary" });
    const text = await readText(summary);
    expect(text).toContain("Items: 20 boxes");
    expect(text).toMatch(/Coverage: [\d,.]+ sq ft/);
    expect(text).toMatch(/Subtotal: \$[\d,.]+/);
    const rows = await summary.locator("dl > div").all();
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      const gap = await gapBetween(row);
      if (gap !== null) expect(gap).toBeGreaterThanOrEqual(8);
    }
    // On screen the colon is not shown: the layout already separates label and value.
    await expect(summary.getByText("Items:", { exact: true })).toBeVisible();
    const colon = await summary.locator("dt").first().locator("span").boundingBox();
    expect(colon?.width ?? 0).toBeLessThanOrEqual(1);

    await page.getByRole("button", { name: /^Cart, / }).click();
    const drawer = page.getByRole("dialog", { name: "Your Cart" });
    expect(await readText(drawer)).toMatch(/Subtotal: \$[\d,.]+/);
  });

  test("the order confirmation reads each amount after its label", async ({ page, store }) => {
    const product = await store.product();
    const { sessionId } = await store.paidOrder({ product, quantity: 20 });
    await openPage(page, `/success?session_id=${sessionId}`);
    const totals = page.getByRole("region", { name: "Order Total" });
    const text = await readText(totals);
    expect(text).toMatch(/Cartons · coverage: 20 · [\d,.]+ sq ft/);
    expect(text).toMatch(/Subtotal: \$[\d,.]+/);
    expect(text).toMatch(/Tax: \$[\d,.]+/);
    expect(text).toMatch(/Total: \$[\d,.]+/);
  });

  test("the store's figures on /about and /blog read each figure with its label", async ({
    page,
  }) => {
    await openPage(page, "/about");
    const about = await readText(page.locator("main dl").first());
    expect(about).toContain("Completed projects: 5,000+");
    expect(about).toContain("Customer satisfaction: 98%");
    await openPage(page, "/blog");
    const blog = await readText(page.getByRole("region", { name: "Why homeowners trust us" }));
    expect(blog).toContain("Service areas: 20+");
  });
});
