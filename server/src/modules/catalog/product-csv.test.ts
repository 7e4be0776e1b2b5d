import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createProduct } from "../../../test/factories.ts";
import { testAdminPassword, useTestApp } from "../../../test/test-app.ts";
import { auditLog, products } from "../../db/schema/index.ts";

const headers = { "admin-password": testAdminPassword };

describe("product CSV export and import", () => {
  const t = useTestApp();

  const exportCsv = async (search: string) => {
    const res = await t.app.inject({
      url: `/api/admin/products/export.csv?search=${encodeURIComponent(search)}`,
      headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    expect(res.headers["content-disposition"]).toContain("attachment");
    return res.body;
  };
  const importCsv = (csv: string, dry_run: boolean) =>
    t.app.inject({
      method: "POST",
      url: "/api/admin/products/import",
      headers,
      payload: { csv, dry_run },
    });

  it("exports every field of the searched products, quoting commas, quotes and newlines", async () => {
    await createProduct(t.database.db, {
      name: 'Quoted "Oak", wide',
      sku: "CSV-Q1",
      description: "Line one\nLine two",
      features: { Waterproof: true },
      specifications: { Finish: "Matte, satin" },
      ace_price: 2.1,
    });
    const csv = await exportCsv("Quoted");
    const [header, row, ...rest] = parse(csv) as string[][];
    expect(rest).toEqual([]);
    expect(header).toContain("price_per_box");
    expect(header).toContain("ace_price");
    const record = Object.fromEntries(header?.map((h, i) => [h, row?.[i]]) ?? []);
    expect(record).toMatchObject({
      name: 'Quoted "Oak", wide',
      sku: "CSV-Q1",
      description: "Line one\nLine two",
      ace_price: "2.1",
      features: '{"Waterproof":true}',
      specifications: '{"Finish":"Matte, satin"}',
      is_closeout: "false",
    });
    expect(csv).toContain('"Quoted ""Oak"", wide"');
  });

  it("carries the box weight out and back in: exported, imported, and refused when not a number", async () => {
    await createProduct(t.database.db, {
      name: "Weighed Oak",
      sku: "CSV-W1",
      box_weight_lbs: 42.5,
    });
    const csv = await exportCsv("Weighed Oak");
    const [header, row] = parse(csv) as string[][];
    const record = Object.fromEntries(header?.map((h, i) => [h, row?.[i]]) ?? []);
    expect(record.box_weight_lbs).toBe("42.5");
    const changed = csv.replace(",42.5,", ",38,");
    expect(changed).not.toBe(csv);
    const applied = await importCsv(changed, false);
    expect(applied.statusCode).toBe(200);
    const [saved] = await t.database.db.select().from(products).where(eq(products.sku, "CSV-W1"));
    expect(Number(saved?.box_weight_lbs)).toBe(38);
    const wrong = await importCsv("sku,name,box_weight_lbs\r\nCSV-W1,Weighed Oak,heavy\r\n", true);
    const [refusedRow] = wrong.json().rows;
    expect(refusedRow.action).toBe("error");
    expect(refusedRow.errors.join(" ")).toContain("box_weight_lbs");
  });

  it("dry run lists changes and per-row errors and writes nothing; apply is all or nothing", async () => {
    const a = await createProduct(t.database.db, {
      name: "Import A",
      sku: "IMP-A",
      our_price: 2,
      stock_quantity: 7,
    });
    const b = await createProduct(t.database.db, { name: "Import B", sku: "IMP-B", our_price: 3 });
    await createProduct(t.database.db, { name: "Import C", sku: "IMP-C", our_price: 4 });
    const exported = await exportCsv("Import ");
    const rows = parse(exported) as string[][];
    const header = rows[0] as string[];
    const col = (name: string) => header.indexOf(name);
    const edited = rows.map((r) => [...r]);
    const rowOf = (sku: string) => edited.find((r) => r[col("sku")] === sku) as string[];
    rowOf("IMP-A")[col("our_price")] = "2.25";
    rowOf("IMP-A")[col("price_per_box")] = "12345";
    rowOf("IMP-B")[col("our_price")] = "3.75";
    rowOf("IMP-B")[col("samples_available")] = "no";
    const newRow = header.map(() => "");
    newRow[col("name")] = "Import New";
    newRow[col("our_price")] = "abc";
    edited.push(newRow);
    const toCsv = (table: string[][]) =>
      table.map((r) => r.map((c) => `"${c.replace(/"/g, '""')}"`).join(",")).join("\n");

    const dry = await importCsv(toCsv(edited), true);
    expect(dry.statusCode).toBe(200);
    const report = dry.json();
    expect(report.summary).toEqual({ create: 0, update: 2, unchanged: 1, error: 1 });
    const rowA = report.rows.find((r: { sku: string }) => r.sku === "IMP-A");
    expect(rowA.changes).toEqual([{ field: "our_price", before: 2, after: 2.25 }]);
    const errorRow = report.rows.find((r: { action: string }) => r.action === "error");
    expect(errorRow).toMatchObject({ line: 5, name: "Import New" });
    expect(errorRow.errors.join(" ")).toContain("our_price");

    const refused = await importCsv(toCsv(edited), false);
    expect(refused.statusCode).toBe(422);
    const [still] = await t.database.db.select().from(products).where(eq(products.id, a.id));
    expect(still?.our_price).toBe("2.00");

    newRow[col("our_price")] = "5.5";
    newRow[col("sku")] = "IMP-NEW";
    const applied = await importCsv(toCsv(edited), false);
    expect(applied.statusCode).toBe(200);
    expect(applied.json()).toMatchObject({
      applied: true,
      summary: { create: 1, update: 2, unchanged: 1, error: 0 },
    });
    const [afterA] = await t.database.db.select().from(products).where(eq(products.id, a.id));
    expect(afterA).toMatchObject({ our_price: "2.25", stock_quantity: 7 });
    const [afterB] = await t.database.db.select().from(products).where(eq(products.id, b.id));
    expect(afterB).toMatchObject({ our_price: "3.75", samples_available: false });
    const [created] = await t.database.db
      .select()
      .from(products)
      .where(eq(products.sku, "IMP-NEW"));
    // The new row's empty samples cell keeps samples on.
    expect(created).toMatchObject({
      name: "Import New",
      our_price: "5.50",
      samples_available: true,
    });
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity_id, String(a.id)));
    expect(audit.map((e) => e.action)).toEqual(["product.import.update"]);
  });

  it("a row without a SKU creates a product; a SKU twice in one file is an error", async () => {
    const dry = await importCsv(
      "name,sku,our_price\nNo Sku Tile,,1.5\nTwin,IMP-TWIN,1\nTwin again,IMP-TWIN,2\n",
      true,
    );
    const report = dry.json();
    expect(report.rows.map((r: { action: string }) => r.action)).toEqual([
      "create",
      "create",
      "error",
    ]);
    expect(report.rows[2].errors[0]).toContain("line 3");
  });

  it("rejects an unknown column, a broken file and an empty one with 422", async () => {
    expect((await importCsv("name,colour\nX,red\n", true)).statusCode).toBe(422);
    expect((await importCsv('name\n"unterminated\n', true)).statusCode).toBe(422);
    expect((await importCsv("", true)).statusCode).toBe(422);
    expect(
      (
        await t.app.inject({
          method: "POST",
          url: "/api/admin/products/import",
          headers,
          payload: { dry_run: true },
        })
      ).statusCode,
    ).toBe(422);
  });
});
