import { adminHeaders, expect, test } from "../../support/store-data.ts";
import { openProductEditor, signInToAdmin } from "./admin-helpers.ts";

test.use({ viewport: { width: 1280, height: 900 } });

test("staff count a product on the count screen while an order is open, and the ledger shows the row with who and why", async ({
  page,
  store,
}) => {
  const name = `Count Screen Oak ${store.tag}`;
  const sku = `CNT-${store.tag}`;
  const product = await store.product({ name, sku, stock_quantity: 10 });
  const { order } = await store.paidOrder({ product, quantity: 3 });

  await signInToAdmin(page, "count");
  const screen = page.getByRole("region", { name: "Stock count" });
  // A scanner types the SKU a few milliseconds a key and presses Enter at once, before the
  // search under the field has run.
  await screen.getByLabel(/Find a product/).pressSequentially(sku, { delay: 5 });
  await screen.getByLabel(/Find a product/).press("Enter");
  const counts = screen.getByRole("table", { name: "Counts" });
  const line = counts.getByRole("row", { name: new RegExp(name) });
  // On hand 10, allocated 3 to the open order, available 7: before anything is saved.
  await expect(line).toHaveText(/10\s*3\s*0\s*7/);

  // Fewer than the order holds is flagged before saving.
  const counted = screen.getByLabel(`Boxes counted: ${name}`);
  await counted.fill("2");
  await expect(line).toContainText("Open orders hold 3");
  await counted.fill("12");
  await expect(line.getByTestId(`difference-${product.id}`)).toHaveText("+2");
  await screen.getByLabel(/Note/).fill("Monday shelf count");

  await page.screenshot({ path: "/tmp/stock-count-1280.png", fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: "/tmp/stock-count-390.png", fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  await screen.getByRole("button", { name: "Save counts" }).click();
  await expect(page.getByText("1 count saved, 1 changed on hand")).toBeVisible();
  await expect(screen.getByText(/No products in this count yet/)).toBeVisible();

  // The product's ledger: the count with who and why; the order's boxes stay its own.
  await page.getByRole("tab", { name: "Products" }).click();
  await openProductEditor(page, name);
  const editor = page.getByRole("dialog", { name: "Edit Product" });
  await expect(editor.getByTestId("stock-On hand")).toHaveText("12");
  await expect(editor.getByTestId("stock-Allocated")).toHaveText("3");
  await expect(editor.getByTestId("stock-Available")).toHaveText("9");
  const rows = editor.getByRole("list", { name: "Stock ledger" }).getByRole("listitem");
  await expect(rows.nth(0)).toContainText("Counted");
  await expect(rows.nth(0)).toContainText("+2");
  await expect(rows.nth(0)).toContainText("Monday shelf count");
  await expect(rows.nth(0)).toContainText("Shop password");
  await expect(rows.nth(1)).toContainText(`Order ${order.friendly_order_id}`);
});

test("a product with dye lots is counted lot by lot, and the ledger names the lot", async ({
  page,
  store,
}) => {
  const name = `Count Lots Hickory ${store.tag}`;
  const product = await store.product({ name, stock_quantity: 20 });
  const lots = await page.request.put(`/api/admin/products/${product.id}/lots`, {
    headers: adminHeaders,
    data: {
      lots: [
        { lot_code: "H-100", boxes: 8 },
        { lot_code: "H-200", boxes: 12 },
      ],
    },
  });
  expect(lots.status()).toBe(200);

  await signInToAdmin(page, "count");
  const screen = page.getByRole("region", { name: "Stock count" });
  await screen.getByLabel(/Find a product/).fill(name);
  await screen.getByRole("button", { name: `Count ${name}` }).click();
  await expect(screen.getByLabel(`Boxes counted: ${name}, lot H-100`)).toBeVisible();
  await screen.getByLabel(`Boxes counted: ${name}, lot H-200`).fill("10");
  await screen.getByRole("button", { name: "Save counts" }).click();
  await expect(page.getByText("1 count saved, 1 changed on hand")).toBeVisible();

  await page.getByRole("tab", { name: "Products" }).click();
  await openProductEditor(page, name);
  const editor = page.getByRole("dialog", { name: "Edit Product" });
  await expect(editor.getByTestId("stock-On hand")).toHaveText("18");
  await editor.getByLabel("Ledger: dye lot").selectOption({ label: "H-200" });
  const rows = editor.getByRole("list", { name: "Stock ledger" }).getByRole("listitem");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Counted");
  await expect(rows.first()).toContainText("-2");
  await expect(rows.first()).toContainText("Lot H-200");
});

test("the reorder report lists a product at or below its reorder point with a suggested order", async ({
  page,
  store,
}) => {
  const low = `Reorder Low Maple ${store.tag}`;
  const plenty = `Reorder Plenty Maple ${store.tag}`;
  const product = await store.product({ name: low, stock_quantity: 8, reorder_point: 5 });
  await store.product({ name: plenty, stock_quantity: 40, reorder_point: 5 });
  await store.paidOrder({ product, quantity: 6 });

  await signInToAdmin(page, "reorder");
  const report = page.getByRole("region", { name: "Reorder" });
  const row = report.getByRole("row", { name: new RegExp(low) });
  // 2 available at a reorder point of 5; 6 sold in 90 days: order 6 - 2 = 4 boxes.
  await expect(row).toContainText("4 boxes");
  await expect(row).toHaveText(/2\s*8\s*5\s*6\s*4 boxes/);
  await expect(report.getByRole("row", { name: new RegExp(plenty) })).toHaveCount(0);
  await page.screenshot({ path: "/tmp/reorder-1280.png", fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: "/tmp/reorder-390.png", fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  const download = page.waitForEvent("download");
  await report.getByRole("button", { name: "Export CSV" }).click();
  expect((await download).suggestedFilename()).toBe("reorder-report.csv");
});
