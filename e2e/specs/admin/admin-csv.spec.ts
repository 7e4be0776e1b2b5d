import { readFileSync } from "node:fs";
import { adminHeaders, expect, test } from "../../support/store-data.ts";
import { signInToAdmin } from "./admin-helpers.ts";

/** Splits a simple CSV line of our export (quoted fields) back into cells. */
function cells(line: string): string[] {
  const out: string[] = [];
  let current = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        current += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else current += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      out.push(current);
      current = "";
    } else current += ch;
  }
  out.push(current);
  return out;
}
const quote = (row: string[]) => row.map((c) => `"${c.replace(/"/g, '""')}"`).join(",");

test("export the catalogue search as CSV, change two prices and add a row, dry-run, fix the error, apply", async ({
  page,
  store,
}) => {
  const tag = store.tag;
  const first = await store.product({ name: `${tag} One`, sku: `${tag}-1`, our_price: 2 });
  const second = await store.product({ name: `${tag} Two`, sku: `${tag}-2`, our_price: 3 });
  await signInToAdmin(page, "products");
  await page.getByPlaceholder(/Search name/).fill(tag);
  await expect(page.getByRole("button", { name: /^Edit / })).toHaveCount(2);

  const downloadPromise = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const download = await downloadPromise;
  const text = readFileSync((await download.path()) as string, "utf8");
  const [headerLine, ...lines] = text.trim().split(/\r\n/);
  const header = cells(headerLine as string);
  expect(lines).toHaveLength(2);
  const rows = lines.map(cells);
  const col = (name: string) => header.indexOf(name);
  for (const row of rows) {
    if (row[col("sku")] === `${tag}-1`) row[col("our_price")] = "2.35";
    if (row[col("sku")] === `${tag}-2`) row[col("our_price")] = "3.65";
  }
  const added = header.map(() => "");
  added[col("name")] = `${tag} Three`;
  added[col("sku")] = `${tag}-3`;
  added[col("our_price")] = "cheap";
  const file = (extra: string[]) => [quote(header), ...rows.map(quote), quote(extra)].join("\r\n");

  await page.getByLabel("CSV file to import").setInputFiles({
    name: "catalogue.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(file(added)),
  });
  const dialog = page.getByRole("dialog", { name: "Import products" });
  await expect(dialog.getByText("Dry run — nothing written yet.")).toBeVisible();
  await expect(dialog.getByText("1 with errors")).toBeVisible();
  await expect(dialog.getByText(/our_price: /).first()).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Apply import" })).toBeDisabled();

  // A dismissed file picker (the input's bubbling "cancel") keeps the dialog and its report.
  await dialog.getByLabel("CSV file to import").dispatchEvent("cancel");
  await expect(dialog.getByText("1 with errors")).toBeVisible();

  added[col("our_price")] = "5.10";
  const chooser = page.waitForEvent("filechooser");
  await dialog.getByRole("button", { name: "Choose another file" }).click();
  await (await chooser).setFiles({
    name: "catalogue.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(file(added)),
  });
  await expect(dialog.getByText("0 with errors")).toBeVisible();
  await dialog.getByRole("button", { name: "Apply import" }).click();
  await expect(dialog.getByText("Import applied.")).toBeVisible();
  await dialog.getByRole("button", { name: "Done" }).click();

  const check = async (id: number) =>
    (await (await page.request.get(`/api/admin/products/${id}`, { headers: adminHeaders })).json())
      .our_price;
  expect(await check(first.id)).toBe(2.35);
  expect(await check(second.id)).toBe(3.65);
  await expect(page.getByRole("button", { name: `Edit ${tag} Three` })).toBeVisible();
});
