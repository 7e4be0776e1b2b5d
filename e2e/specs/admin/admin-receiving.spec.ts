import { expect, test } from "../../support/store-data.ts";
import { openProductEditor, signInToAdmin } from "./admin-helpers.ts";

test.use({ viewport: { width: 1280, height: 900 } });

test("staff create a purchase order, receive part of it with a lot code, and the ledger shows the received row with who and why", async ({
  page,
  store,
}) => {
  const name = `Receiving Oak ${store.tag}`;
  const product = await store.product({ name, stock_quantity: 4 });
  const vendor = `Mohawk Mills ${store.tag}`;

  await signInToAdmin(page, "purchase-orders");
  await expect(page.getByRole("tab", { name: "Purchasing" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await page.getByRole("button", { name: "New purchase order" }).click();
  const form = page.getByRole("form", { name: "New purchase order" });
  await form.getByLabel("Vendor").fill(vendor);
  await form.getByLabel("Expected date").fill("2030-12-12");
  await form.getByLabel("Product (line 1)").selectOption(String(product.id));
  await form.getByLabel("Boxes ordered (line 1)").fill("30");
  await form.getByLabel("Cost per box $ (line 1)").fill("41.50");
  await page.screenshot({ path: "/tmp/receiving-form-1280.png", fullPage: false });
  await form.getByRole("button", { name: "Create purchase order" }).click();

  const detail = page.getByRole("region", { name: /^Purchase order PO-\d+$/ });
  await expect(detail).toBeVisible();
  await expect(detail).toContainText(vendor);
  await expect(detail).toContainText("Open");
  await expect(detail).toContainText("0 of 30 received");
  const number = ((await detail.getAttribute("aria-label")) ?? "").replace("Purchase order ", "");
  await expect(page.getByRole("button", { name: `Open ${number} from ${vendor}` })).toBeVisible();

  await page.screenshot({ path: "/tmp/receiving-1280.png", fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
  await detail.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "/tmp/receiving-390.png", fullPage: false });
  await page.setViewportSize({ width: 1280, height: 900 });

  // More than is still to come is refused with the server's reason, and nothing is received.
  await detail.getByLabel(`Boxes of ${name} arrived`).fill("31");
  await detail.getByRole("button", { name: "Receive boxes" }).click();
  await expect(detail.getByRole("alert")).toContainText("only 30 are still to come");
  await expect(detail).toContainText("0 of 30 received");

  await detail.getByLabel(`Boxes of ${name} arrived`).fill("12");
  await detail.getByLabel(`Dye lot of ${name}`).fill("DL-0412");
  await detail.getByRole("button", { name: "Receive boxes" }).click();
  await expect(detail).toContainText("12 of 30 received");
  await expect(detail).toContainText("Partly received");
  await page.setViewportSize({ width: 390, height: 844 });
  await detail.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "/tmp/receiving-received-390.png", fullPage: false });
  await page.setViewportSize({ width: 1280, height: 900 });

  // The product's ledger: one received row naming the purchase order, by the staff member.
  await page.getByRole("tab", { name: "Products" }).click();
  await openProductEditor(page, name);
  const editor = page.getByRole("dialog", { name: "Edit Product" });
  await expect(editor.getByTestId("stock-On hand")).toHaveText("16");
  await expect(editor.getByTestId("stock-Available")).toHaveText("16");
  await expect(editor.getByLabel("Cost per box ($)")).toHaveValue("41.5");
  const rows = editor.getByRole("list", { name: "Stock ledger" }).getByRole("listitem");
  await expect(rows.first()).toContainText("Received from a supplier");
  await expect(rows.first()).toContainText("+12");
  await expect(rows.first()).toContainText(`Purchase order ${number} from ${vendor}`);
  await expect(rows.first()).toContainText("Shop password");
  await expect(rows.first()).toContainText("Dye lot DL-0412");
  await expect(
    editor.getByRole("table", { name: "Stock by dye lot" }).getByRole("row", { name: /DL-0412/ }),
  ).toContainText("12");
});
