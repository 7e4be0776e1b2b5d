import { openPage } from "../../support/page.ts";
import { adminHeaders, expect, test } from "../../support/store-data.ts";

/** Decision 076: public pages come from the page cache, and never show an old price. */
test.describe("the page cache", () => {
  test("a product page shows a price edit on the next load, and works from the cache", async ({
    page,
    store,
  }) => {
    const product = await store.product({ our_price: 5, sqft_per_carton: 20 });
    await openPage(page, `/products/${product.id}`);
    await expect(page.getByText("$100.00 per box").first()).toBeVisible();

    // Loaded again unchanged: the same page from the cache (same ETag), and it still works.
    const first = await page.request.get(`/products/${product.id}`);
    const again = await openPage(page, `/products/${product.id}`);
    expect(again?.headers().etag).toBe(first.headers().etag);
    await page.getByRole("button", { name: /cart/i }).first().click();
    await expect(page.getByRole("dialog")).toBeVisible();

    const edit = await page.request.patch(`/api/admin/products/${product.id}`, {
      headers: adminHeaders,
      data: { our_price: 4.25 },
    });
    expect(edit.ok()).toBe(true);
    await openPage(page, `/products/${product.id}`);
    await expect(page.getByText("$85.00 per box").first()).toBeVisible();
    await expect(page.getByText("$100.00 per box")).toHaveCount(0);
  });
});
