import { adminHeaders, expect, test } from "../../support/store-data.ts";
import { openProductEditor, signInToAdmin } from "./admin-helpers.ts";

test("an inline price edit saves on Enter and reaches the public catalogue", async ({
  page,
  store,
}) => {
  const name = `Inline Oak ${store.tag}`;
  const product = await store.product({
    name,
    our_price: 3.1,
    sqft_per_carton: 20,
    stock_quantity: 30,
  });
  await signInToAdmin(page, "products");
  await page.getByPlaceholder(/Search name/).fill(name);
  const price = page.getByLabel(`Our Price (sq/ft) for ${name}`);
  await expect(price).toHaveValue("3.1");
  await price.fill("3.45");
  await price.press("Enter");
  await expect(page.getByText("Saved")).toBeAttached();
  const stock = page.getByLabel(`Stock for ${name}`);
  await stock.fill("12");
  await stock.blur();
  await expect(stock).toHaveAttribute("aria-invalid", "false");

  // Each inline edit saves on its own request: the public answer shows both once they land.
  await expect
    .poll(async () => (await page.request.get(`/api/products/${product.id}`)).json())
    .toMatchObject({ our_price: 3.45, price_per_box: 69, stock_quantity: 12 });
  // Shoppers see the new price on the product page.
  const shopper = await page.context().newPage();
  await shopper.goto(`/products/${product.id}`);
  await expect(shopper.getByText("$3.45").first()).toBeVisible();
  await expect(shopper.getByText("$69.00").first()).toBeVisible();
  await shopper.close();

  await page.getByRole("checkbox", { name: `Closeout: ${name}` }).check();
  await expect
    .poll(
      async () =>
        (await (await page.request.get(`/api/products/${product.id}`)).json()).is_closeout,
    )
    .toBe(true);

  // The Audit tab shows who changed the price, from what to what.
  await page.getByRole("tab", { name: "Audit" }).click();
  // The filter names each kind of record as a plural staff would write.
  const kinds = page.getByLabel("Records").getByRole("option");
  await expect(kinds).toContainText(["All changes", "Orders", "Products"]);
  await expect(kinds.filter({ hasText: "Inquiries" })).toHaveCount(1);
  await expect(kinds.filter({ hasText: "Store settings" })).toHaveText("Store settings");
  await page.getByLabel("Records").selectOption("product");
  const change = page
    .getByRole("row")
    .filter({ hasText: `Product #${product.id} · ${name}` })
    .filter({ hasText: "our_price" });
  await expect(change).toContainText("3.1 → 3.45");
  await expect(change).toContainText("Shop password");
});

test("staff create, edit and delete a product in the side editor", async ({ page, store }) => {
  const name = `Editor Maple ${store.tag}`;
  await signInToAdmin(page, "products");
  await page.getByRole("button", { name: "New", exact: true }).click();
  const editor = page.getByRole("dialog", { name: "New Product" });
  await expect(editor.getByRole("button", { name: "Delete" })).toHaveCount(0);
  await editor.getByRole("button", { name: "Create Product" }).click();
  await expect(editor.getByRole("alert")).toHaveText("Name is required");
  await editor.getByRole("textbox", { name: "Name", exact: true }).fill(name);
  await editor.getByLabel("SKU").fill(`E2E-ED-${Date.now()}`);
  await editor.getByLabel("Type").selectOption("hardwood");
  await editor.getByLabel("Our price").fill("4.25");
  await expect(editor.getByLabel("Our price")).toHaveAttribute("step", "0.01");
  await expect(editor.getByLabel("Stock (boxes)")).toHaveAttribute("step", "1");
  await expect(editor.getByLabel("Cartons per pallet")).toHaveAttribute("step", "1");
  await editor.getByLabel("Sq ft per carton").fill("20");
  await editor.getByLabel("Stock (boxes)").fill("15");
  await editor.getByRole("button", { name: "+ Add feature" }).click();
  await editor.getByLabel("Features name 1").fill("Waterproof");
  await editor.getByLabel("Features value 1").fill("true");
  await editor.getByRole("button", { name: "+ Add specification" }).click();
  await editor.getByLabel("Specifications name 1").fill("Finish");
  await editor.getByLabel("Specifications value 1").fill("Matte");
  await editor.getByRole("button", { name: "Create Product" }).click();
  await expect(editor).toBeHidden();

  await openProductEditor(page, name);
  const edit = page.getByRole("dialog", { name: "Edit Product" });
  await expect(edit.getByLabel("Features value 1")).toHaveValue("true");
  await expect(edit.getByText("Price per box (derived): $85.00")).toBeVisible();
  await edit.getByRole("textbox", { name: "Name", exact: true }).fill(`${name} Natural`);
  await edit.getByLabel("Competitor price").fill("");
  await edit.getByRole("button", { name: "Save Product" }).click();
  await expect(edit).toBeHidden();
  await page.getByPlaceholder(/Search name/).fill(`${name} Natural`);
  await expect(page.getByRole("button", { name: `Edit ${name} Natural` })).toBeVisible();

  await page.getByRole("button", { name: `Edit ${name} Natural` }).click();
  page.once("dialog", (dialog) => {
    expect(dialog.message()).toBe("Delete this product?");
    void dialog.accept();
  });
  await page
    .getByRole("dialog", { name: "Edit Product" })
    .getByRole("button", { name: "Delete" })
    .click();
  await expect(page.getByRole("dialog", { name: "Edit Product" })).toBeHidden();
  await expect(page.getByText("No products match")).toBeVisible();
});

test("columns sort on click, toggling ascending and descending, numbers as numbers, empty last", async ({
  page,
  store,
}) => {
  const tag = store.tag;
  for (const [name, price] of [
    [`${tag} bravo`, 9.5],
    [`${tag} Alpha`, 10],
    [`${tag} charlie`, 100],
    [`${tag} delta`, null],
  ] as const) {
    await store.product({ name, our_price: price, stock_quantity: 5 });
  }
  await signInToAdmin(page, "products");
  await page.getByPlaceholder(/Search name/).fill(tag);
  const names = page.getByRole("row").locator("td:first-child > div:first-child");
  await expect(names).toHaveCount(4);

  await page.getByRole("button", { name: /^Name/ }).click();
  await expect(names).toHaveText([
    `${tag} Alpha`,
    `${tag} bravo`,
    `${tag} charlie`,
    `${tag} delta`,
  ]);
  await page.getByRole("button", { name: /^Name/ }).click();
  await expect(names).toHaveText([
    `${tag} delta`,
    `${tag} charlie`,
    `${tag} bravo`,
    `${tag} Alpha`,
  ]);

  await expect(page.getByRole("columnheader", { name: /Our Price/ })).toContainText(
    "Our Price (sq/ft)",
  );
  await page.getByRole("button", { name: /^Our Price/ }).click();
  await expect(page.getByRole("columnheader", { name: /Our Price/ })).toHaveAttribute(
    "aria-sort",
    "ascending",
  );
  // 9.50 < 10 < 100 as numbers (as text "10" < "100" < "9.5"); no price stays last both ways.
  await expect(names).toHaveText([
    `${tag} bravo`,
    `${tag} Alpha`,
    `${tag} charlie`,
    `${tag} delta`,
  ]);
  await page.getByRole("button", { name: /^Our Price/ }).click();
  await expect(names).toHaveText([
    `${tag} charlie`,
    `${tag} Alpha`,
    `${tag} bravo`,
    `${tag} delta`,
  ]);
});

test("the product editor keeps focus inside, closes with Escape and gives focus back", async ({
  page,
}) => {
  await signInToAdmin(page, "products");
  const newButton = page.getByRole("button", { name: "New", exact: true });
  await newButton.click();
  const editor = page.getByRole("dialog", { name: "New Product" });
  await expect(editor.getByRole("textbox", { name: "Name", exact: true })).toBeFocused();

  const focusInEditor = () =>
    page.evaluate(() => Boolean(document.activeElement?.closest("dialog[open]")));
  // Far more presses than the editor has controls: focus wraps around, never leaves.
  for (let i = 0; i < 45; i++) {
    await page.keyboard.press("Tab");
    expect(await focusInEditor()).toBe(true);
  }
  await editor.getByRole("button", { name: "Close editor" }).focus();
  await page.keyboard.press("Shift+Tab");
  await expect(editor.getByRole("button", { name: "Create Product" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(editor.getByRole("button", { name: "Close editor" })).toBeFocused();

  await page.keyboard.press("Escape");
  await expect(editor).toBeHidden();
  await expect(newButton).toBeFocused();
});

test("an inline edit the server refuses is marked as not saved", async ({ page, store }) => {
  const name = `Refused Ash ${store.tag}`;
  await store.product({ name, our_price: 2.5, stock_quantity: 9 });
  await signInToAdmin(page, "products");
  await page.getByPlaceholder(/Search name/).fill(name);
  const price = page.getByLabel(`Our Price (sq/ft) for ${name}`);
  await expect(price).toHaveValue("2.5");
  await price.fill("-4");
  await price.press("Enter");
  await expect(price).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText(/^Not saved: /)).toBeAttached();
  const stored = await (
    await page.request.get(`/api/admin/products?search=${encodeURIComponent(name)}`, {
      headers: adminHeaders,
    })
  ).json();
  expect(stored.products[0].our_price).toBe(2.5);
});
