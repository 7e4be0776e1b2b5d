import type { Page } from "@playwright/test";
import { adminHeaders, expect, test } from "../../support/store-data.ts";
import { openProductEditor, signInToAdmin } from "./admin-helpers.ts";

const shots = process.env.WALK_SCREENSHOTS;

/** Saves a screenshot for review when WALK_SCREENSHOTS names a folder. */
async function shot(page: Page, name: string) {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: false });
}

/** The first bytes of a PNG file: what staff pick by mistake as a "CSV". */
const pngBytes = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4f50000000049454e44ae426082",
  "hex",
);

test("staff find an order by name, number or phone, tell a pickup from a delivery, and on a phone the panel opens in view", async ({
  page,
  store,
}) => {
  const name = `Quinn Walkabout ${store.tag}`;
  const email = `quinn.walkabout.${store.tag.toLowerCase()}@example.com`;
  const { order: pickup } = await store.paidOrder({ name, email, pickup: true });
  const { order: delivered } = await store.paidOrder({ name: `Other ${store.tag}` });

  await page.setViewportSize({ width: 1280, height: 900 });
  await signInToAdmin(page, "orders");
  const search = page.getByLabel("Search orders");
  const list = page.getByRole("region", { name: "Order list" });
  const rows = list.locator("tbody tr");

  await search.fill(name.toUpperCase());
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(pickup.friendly_order_id);
  await expect(rows.first().getByRole("cell", { name: "Pickup", exact: true })).toBeVisible();
  await shot(page, "orders-search-1280");

  await search.fill(delivered.friendly_order_id);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(delivered.friendly_order_id);
  await expect(rows.first().getByRole("cell", { name: /^(Freight|Local|Parcel)$/ })).toBeVisible();

  await search.fill("no order is called this");
  await expect(page.getByText("No orders match these filters.")).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await search.fill(email);
  await expect(rows).toHaveCount(1);
  await shot(page, "orders-search-390");
  await page.getByRole("button", { name: `View order ${pickup.friendly_order_id}` }).click();
  const heading = page.getByRole("heading", { name: `Order ${pickup.friendly_order_id}` });
  await expect(heading).toBeInViewport();
  await shot(page, "order-panel-390");
});

test("a role change waits for Save and names the new role; the audit log names the shop password", async ({
  page,
  store,
}) => {
  const email = `role-walk-${store.tag.toLowerCase()}@magiccityfloors.example`;
  const created = await page.request.post("/api/admin/staff", {
    headers: adminHeaders,
    data: { name: `Rory ${store.tag}`, email, role: "staff", password: "Walnut-plank-2031" },
  });
  expect(created.status()).toBe(201);
  const account = (await created.json()) as { id: string; name: string };
  const roleOf = async () => {
    const res = await page.request.get("/api/admin/staff", { headers: adminHeaders });
    const accounts = (await res.json()).accounts as Array<{ id: string; role: string }>;
    return accounts.find((a) => a.id === account.id)?.role;
  };

  await page.setViewportSize({ width: 1280, height: 900 });
  await signInToAdmin(page, "staff");
  await page.getByLabel(`Role of ${account.name}`).selectOption("owner");
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row.getByRole("button", { name: "Save as Owner" })).toBeVisible();
  await shot(page, "staff-role-1280");
  // Choosing alone saves nothing; Cancel puts it back.
  expect(await roleOf()).toBe("staff");
  await row.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByLabel(`Role of ${account.name}`)).toHaveValue("staff");
  await expect(row.getByRole("button", { name: "Save as Owner" })).toHaveCount(0);

  await page.getByLabel(`Role of ${account.name}`).selectOption("catalogue");
  await row.getByRole("button", { name: "Save as Catalogue" }).click();
  await expect(page.getByText(`${account.name} is now Catalogue`)).toBeVisible();
  expect(await roleOf()).toBe("catalogue");

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByLabel(`Role of ${account.name}`).selectOption("staff");
  await shot(page, "staff-role-390");

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole("tab", { name: "Audit" }).click();
  const entry = page.getByRole("row").filter({ hasText: account.name }).first();
  await expect(entry.getByRole("cell", { name: "Shop password" })).toBeVisible();
  await expect(entry.getByRole("cell", { name: "admin", exact: true })).toHaveCount(0);
  await shot(page, "audit-1280");
});

test("products: a PNG chosen as the CSV is named as one, the ACE columns say which one partners pay, and linked images are the current photos", async ({
  page,
  store,
}) => {
  const name = `Linked Oak ${store.tag}`;
  await store.product({
    name,
    main_image_url: "/img/default-flooring.webp",
    image_url: "/img/default-flooring.webp",
  });
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInToAdmin(page, "products");

  await expect(page.getByText(/ACE Shown Price\s*is what ACE partners pay/)).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "ACE Shown Price" })).toHaveAttribute(
    "title",
    /what ACE partners pay/,
  );
  await expect(page.getByRole("columnheader", { name: "ACE Price", exact: true })).toHaveAttribute(
    "title",
    /internal only/,
  );
  await shot(page, "products-1280");

  await page.getByLabel("CSV file to import").setInputFiles({
    name: "floor-photo.png",
    mimeType: "image/png",
    buffer: pngBytes,
  });
  const importDialog = page.getByRole("dialog", { name: "Import products" });
  await expect(importDialog.getByRole("alert")).toContainText(
    "That file is not a CSV: it looks like a PNG image.",
  );
  await expect(importDialog.getByRole("button", { name: "Apply import" })).toBeDisabled();
  await shot(page, "csv-png-1280");
  await importDialog.getByRole("button", { name: "Cancel" }).click();

  await openProductEditor(page, name);
  const editor = page.getByRole("dialog", { name: "Edit Product" });
  await expect(editor.getByText("Current photos, from the image links below.")).toBeVisible();
  await expect(editor.getByRole("list", { name: "Current photos" }).getByRole("img")).toHaveCount(
    1,
  );
  await expect(editor.getByText("No photos uploaded yet.")).toHaveCount(0);
  await shot(page, "editor-top-1280");
  await expect(editor.getByLabel("ACE shown price (what partners pay)")).toBeVisible();
  const mainLink = editor.getByLabel("Main image URL");
  await expect(mainLink).toBeHidden();
  await editor.getByText("Image links (advanced)").click();
  await expect(mainLink).toHaveValue("/img/default-flooring.webp");
  await shot(page, "editor-1280");
  await page.setViewportSize({ width: 390, height: 844 });
  await editor.getByText("Image links (advanced)").scrollIntoViewIfNeeded();
  await shot(page, "editor-390");
  await editor.getByRole("button", { name: "Close editor" }).click();
  await shot(page, "products-390");
});
