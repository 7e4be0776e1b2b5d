import { adminHeaders, expect, test } from "../../support/store-data.ts";
import { openProductEditor, signInToAdmin } from "./admin-helpers.ts";

test.use({ viewport: { width: 1280, height: 900 } });

test("a shopper buys, staff count the product while the order is open, and the ledger shows each row with who and why", async ({
  page,
  store,
}) => {
  const name = `Ledger Oak ${store.tag}`;
  const product = await store.product({ name, stock_quantity: 10 });
  const lots = await page.request.put(`/api/admin/products/${product.id}/lots`, {
    headers: adminHeaders,
    data: { lots: [{ lot_code: "A1203", boxes: 6 }] },
  });
  expect(lots.status()).toBe(200);
  const { order } = await store.paidOrder({ product, quantity: 3 });

  await signInToAdmin(page, "products");
  await openProductEditor(page, name);
  let editor = page.getByRole("dialog", { name: "Edit Product" });
  const figure = (label: string) => editor.getByTestId(`stock-${label}`);
  await expect(figure("On hand")).toHaveText("10");
  await expect(figure("Allocated")).toHaveText("3");
  await expect(figure("Reserved")).toHaveText("0");
  await expect(figure("Available")).toHaveText("7");
  // The stock field is a count of the boxes in the building.
  await expect(editor.getByLabel("Stock (boxes)")).toHaveValue("10");

  // Staff count 12 boxes on the shelf while the order is still open: its 3 stay its own.
  await editor.getByLabel("Stock (boxes)").fill("12");
  await editor.getByRole("button", { name: "Save Product" }).click();
  await expect(editor).toBeHidden();
  await page.getByRole("button", { name: `Edit ${name}` }).click();
  editor = page.getByRole("dialog", { name: "Edit Product" });
  await expect(figure("On hand")).toHaveText("12");
  await expect(figure("Allocated")).toHaveText("3");
  await expect(figure("Available")).toHaveText("9");
  // The order's 3 boxes came from lot A1203: they are still in the building, held for it.
  await expect(
    editor.getByRole("table", { name: "Stock by dye lot" }).getByRole("row", { name: /A1203/ }),
  ).toHaveText(/A1203\s*6\s*3\s*0\s*3/);

  const ledger = editor.getByRole("list", { name: "Stock ledger" });
  const rows = ledger.getByRole("listitem");
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(0)).toContainText("Counted");
  await expect(rows.nth(0)).toContainText("+2");
  await expect(rows.nth(0)).toContainText("Product editor");
  await expect(rows.nth(0)).toContainText("Shop password");
  await expect(rows.nth(1)).toContainText("Allocated to an order");
  await expect(rows.nth(1)).toContainText(`Order ${order.friendly_order_id}`);
  await expect(rows.nth(1)).toContainText("The store");
  await expect(rows.nth(2)).toContainText("Reserved for a checkout");
  await expect(rows.nth(3)).toContainText("Opening balance");
  await expect(rows.nth(3)).toContainText("+10");
  await expect(rows.nth(3)).toContainText("Product created");

  await ledger.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "/tmp/stock-editor-1280.png", fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
  await ledger.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "/tmp/stock-editor-390.png", fullPage: false });
  await page.setViewportSize({ width: 1280, height: 900 });

  // A damaged box is written off from what is available, with its note.
  await editor.getByLabel("Damaged boxes").fill("1");
  await editor.getByLabel("Note", { exact: true }).fill("Crushed corner");
  await editor.getByRole("button", { name: "Write off" }).click();
  await expect(figure("On hand")).toHaveText("11");
  await expect(figure("Available")).toHaveText("8");
  await expect(rows.first()).toContainText("Damaged");
  await expect(rows.first()).toContainText("Crushed corner");

  // Filtered by reason, and exported as CSV.
  await editor.getByLabel("Ledger: reason").selectOption("counted");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Counted");
  const download = page.waitForEvent("download");
  await editor.getByRole("button", { name: "Export ledger CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`stock-ledger-product-${product.id}.csv`);
});
