import { parse } from "csv-parse/sync";
import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createAccessory, createOrder, createProduct } from "../../../test/factories.ts";
import { testAdminPassword, useTestApp } from "../../../test/test-app.ts";
import { auditLog, productLots, products } from "../../db/schema/index.ts";

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

  it("carries an accessory's unit, kind, coverage and floors, and the reorder point, out and back in", async () => {
    await createAccessory(t.database.db, {
      name: "Carried Underlayment",
      sku: "CSV-A1",
      selling_unit: "roll",
      accessory_kind: "underlayment",
      unit_coverage_sqft: 100,
      fits_types: ["laminate", "vinyl"],
      reorder_point: 12,
    });
    const csv = await exportCsv("Carried Underlayment");
    const [header, row] = parse(csv) as string[][];
    const record = Object.fromEntries(header?.map((h, i) => [h, row?.[i]]) ?? []);
    expect(record).toMatchObject({
      selling_unit: "roll",
      accessory_kind: "underlayment",
      unit_coverage_sqft: "100",
      fits_types: '["laminate","vinyl"]',
      reorder_point: "12",
    });
    const created = await importCsv(
      [
        "sku,name,type,our_price,selling_unit,accessory_kind,fits_types,reorder_point",
        'CSV-A2,Carried Stair Nose,accessory,39.99,piece,stair_nose,"[""hardwood""]",4',
        "CSV-A3,Carried Oak,hardwood,5.49,,,,",
      ].join("\r\n"),
      false,
    );
    expect(created.statusCode).toBe(200);
    const saved = await t.database.db
      .select()
      .from(products)
      .where(eq(products.sku, "CSV-A2"))
      .then(([p]) => p);
    expect(saved).toMatchObject({
      selling_unit: "piece",
      accessory_kind: "stair_nose",
      fits_types: ["hardwood"],
      reorder_point: 4,
    });
    const [floor] = await t.database.db.select().from(products).where(eq(products.sku, "CSV-A3"));
    expect(floor).toMatchObject({ selling_unit: "box", accessory_kind: null, fits_types: null });
  });

  it("refuses a row whose selling unit and accessory kind disagree, as the editor does", async () => {
    await createProduct(t.database.db, { name: "Kindless Oak", sku: "CSV-K1" });
    const res = await importCsv(
      [
        "sku,name,selling_unit,accessory_kind",
        "CSV-K1,Kindless Oak,,transition",
        "CSV-K2,Unitless Trim,piece,",
      ].join("\r\n"),
      false,
    );
    expect(res.statusCode).toBe(422);
    const dry = await importCsv(
      "sku,name,selling_unit,accessory_kind\r\nCSV-K1,Kindless Oak,,transition\r\nCSV-K2,Unitless Trim,piece,\r\n",
      true,
    );
    const [boxWithKind, pieceWithoutKind] = dry.json().rows;
    expect(boxWithKind.errors.join(" ")).toContain(
      "choose its selling unit, or clear its accessory kind",
    );
    expect(pieceWithoutKind.errors.join(" ")).toContain("choose its accessory kind");
    const [unchanged] = await t.database.db
      .select()
      .from(products)
      .where(eq(products.sku, "CSV-K1"));
    expect(unchanged?.accessory_kind).toBeNull();
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
    expect(still?.our_price_cents).toBe(200);

    newRow[col("our_price")] = "5.5";
    newRow[col("sku")] = "IMP-NEW";
    const applied = await importCsv(toCsv(edited), false);
    expect(applied.statusCode).toBe(200);
    expect(applied.json()).toMatchObject({
      applied: true,
      summary: { create: 1, update: 2, unchanged: 1, error: 0 },
    });
    const [afterA] = await t.database.db.select().from(products).where(eq(products.id, a.id));
    expect(afterA).toMatchObject({ our_price_cents: 225, stock_quantity: 7 });
    const [afterB] = await t.database.db.select().from(products).where(eq(products.id, b.id));
    expect(afterB).toMatchObject({ our_price_cents: 375, samples_available: false });
    const [created] = await t.database.db
      .select()
      .from(products)
      .where(eq(products.sku, "IMP-NEW"));
    // The new row's empty samples cell keeps samples on.
    expect(created).toMatchObject({
      name: "Import New",
      our_price_cents: 550,
      samples_available: true,
    });
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity_id, String(a.id)));
    expect(audit.map((e) => e.action)).toEqual(["product.import.update"]);
  });

  it("a stock count below what open orders hold is an error on its row in the dry run, as the apply would refuse it", async () => {
    const oak = await createProduct(t.database.db, {
      name: "Held Import Oak",
      sku: "IMP-HELD",
      our_price: 2,
      stock_quantity: 10,
    });
    await createOrder(t.database.db, { lines: [{ product: oak, quantity: 3 }] });
    const rows = parse(await exportCsv("Held Import Oak")) as string[][];
    const header = rows[0] as string[];
    const counted = (boxes: string) =>
      rows
        .map((row, index) =>
          index === 0 ? row : row.map((cell, i) => (header[i] === "stock_quantity" ? boxes : cell)),
        )
        .map((row) => row.map((cell) => `"${cell.replace(/"/g, '""')}"`).join(","))
        .join("\n");

    const dry = await importCsv(counted("1"), true);
    expect(dry.json().rows).toMatchObject([
      {
        sku: "IMP-HELD",
        action: "error",
        errors: [
          'stock_quantity: Open orders hold 3 boxes of "Held Import Oak" (3 paid, 0 in checkout): a count of 1 is fewer than they hold. Count again, or cancel an order first.',
        ],
      },
    ]);
    expect((await importCsv(counted("1"), false)).statusCode).toBe(422);
    // A count of what they hold is fine: available becomes 0.
    const enough = await importCsv(counted("3"), false);
    expect(enough.statusCode).toBe(200);
    const [after] = await t.database.db.select().from(products).where(eq(products.id, oak.id));
    expect(after).toMatchObject({ on_hand: 3, allocated: 3, stock_quantity: 0 });
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

  describe("the lots column", () => {
    const saveLots = async (productId: number, lots: Array<[string, number]>) => {
      const res = await t.app.inject({
        method: "PUT",
        url: `/api/admin/products/${productId}/lots`,
        headers,
        payload: { lots: lots.map(([lot_code, boxes]) => ({ lot_code, boxes })) },
      });
      expect(res.statusCode).toBe(200);
      return res.json().lots as Array<{ id: number; lot_code: string; boxes: number }>;
    };
    const lotsOf = async (productId: number) =>
      (
        await t.database.db
          .select()
          .from(productLots)
          .where(eq(productLots.product_id, productId))
          .orderBy(asc(productLots.id))
      ).map((lot) => ({ id: lot.id, lot_code: lot.lot_code, boxes: lot.boxes }));
    const lotAudits = async (productId: number) =>
      t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "product.lots"), eq(auditLog.entity_id, String(productId))));
    /** The exported file's rows as records, by SKU. */
    const exportedRecords = async (search: string) => {
      const [header, ...rows] = parse(await exportCsv(search)) as string[][];
      return {
        header: header as string[],
        rows,
        bySku: new Map(
          rows.map((row) => {
            const record = Object.fromEntries(header?.map((h, i) => [h, row[i] ?? ""]) ?? []);
            return [record.sku, record];
          }),
        ),
      };
    };
    const toCsv = (table: string[][]) =>
      table.map((r) => r.map((c) => `"${c.replace(/"/g, '""')}"`).join(",")).join("\r\n");

    it("export writes each product's lots as code:boxes pairs; importing the edited file sets them as the lots editor does", async () => {
      const product = await createProduct(t.database.db, {
        name: "Lotted Csv Oak",
        sku: "CSV-LOT1",
        stock_quantity: 30,
      });
      await createProduct(t.database.db, { name: "Lotted Csv Bare", sku: "CSV-LOT0" });
      const [a1203] = await saveLots(product.id, [
        ["A1203", 14],
        ["B2210", 6],
      ]);
      const exported = await exportedRecords("Lotted Csv");
      expect(exported.header.indexOf("lots")).toBe(exported.header.indexOf("stock_quantity") + 1);
      expect(exported.bySku.get("CSV-LOT1")?.lots).toBe("A1203:14; B2210:6");
      expect(exported.bySku.get("CSV-LOT0")?.lots).toBe("");

      // The file as exported changes nothing: the same lots are "unchanged".
      const again = await importCsv(await exportCsv("Lotted Csv"), true);
      expect(again.json().summary).toEqual({ create: 0, update: 0, unchanged: 2, error: 0 });

      const lotsColumn = exported.header.indexOf("lots");
      const edited = [exported.header, ...exported.rows.map((row) => [...row])];
      const row = edited.find((r) => r[exported.header.indexOf("sku")] === "CSV-LOT1");
      if (!row) throw new Error("no row");
      row[lotsColumn] = "a1203:10;C-77:5 ;";
      const dry = await importCsv(toCsv(edited), true);
      expect(dry.statusCode).toBe(200);
      const planned = dry.json().rows.find((r: { sku: string }) => r.sku === "CSV-LOT1");
      expect(planned).toMatchObject({
        action: "update",
        changes: [{ field: "lots", before: "A1203:14; B2210:6", after: "a1203:10; C-77:5" }],
      });
      expect(await lotsOf(product.id)).toHaveLength(2);

      const applied = await importCsv(toCsv(edited), false);
      expect(applied.statusCode).toBe(200);
      // A1203 keeps its id (orders sold from it still point at it), B2210 is gone, C-77 is new.
      expect(await lotsOf(product.id)).toEqual([
        { id: a1203?.id, lot_code: "a1203", boxes: 10 },
        { id: expect.any(Number), lot_code: "C-77", boxes: 5 },
      ]);
      const audits = await lotAudits(product.id);
      expect(audits.at(-1)).toMatchObject({
        actor: "admin",
        before: {
          lots: [
            { lot_code: "A1203", boxes: 14 },
            { lot_code: "B2210", boxes: 6 },
          ],
        },
        after: {
          lots: [
            { lot_code: "a1203", boxes: 10 },
            { lot_code: "C-77", boxes: 5 },
          ],
        },
      });
      // Only the lots changed: no product.import.update entry.
      const updates = await t.database.db
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.action, "product.import.update"),
            eq(auditLog.entity_id, String(product.id)),
          ),
        );
      expect(updates).toEqual([]);
      expect((await exportedRecords("Lotted Csv Oak")).bySku.get("CSV-LOT1")?.lots).toBe(
        "a1203:10; C-77:5",
      );

      // A new product may come with its lots, checked against the stock of its own row.
      const created = await importCsv(
        "sku,name,our_price,stock_quantity,lots\r\nCSV-LOT2,Lotted Csv New,2.5,12,N1:7; N2:5\r\n",
        false,
      );
      expect(created.statusCode).toBe(200);
      const [made] = await t.database.db
        .select()
        .from(products)
        .where(eq(products.sku, "CSV-LOT2"));
      expect((await lotsOf(made?.id ?? 0)).map((lot) => [lot.lot_code, lot.boxes])).toEqual([
        ["N1", 7],
        ["N2", 5],
      ]);
    });

    it("refuses lots over the stock, a code twice or a cell that is not code:boxes with a message on the row; nothing is imported", async () => {
      const priced = await createProduct(t.database.db, {
        name: "Refused Csv Maple",
        sku: "CSV-LOT3",
        our_price: 2,
      });
      const lotted = await createProduct(t.database.db, {
        name: "Refused Csv Ash",
        sku: "CSV-LOT4",
        stock_quantity: 30,
        our_price: 3,
      });
      await saveLots(lotted.id, [["R1", 10]]);
      const before = await lotsOf(lotted.id);
      const file = (lots: string, stock = "30") =>
        `sku,name,our_price,stock_quantity,lots\r\nCSV-LOT3,Refused Csv Maple,2.75,,\r\nCSV-LOT4,Refused Csv Ash,3,${stock},"${lots}"\r\n`;

      const over = await importCsv(file("R1:25; R2:15"), true);
      const [okRow, overRow] = over.json().rows;
      expect(okRow).toMatchObject({ action: "update", errors: [] });
      expect(overRow).toMatchObject({ action: "error", sku: "CSV-LOT4" });
      expect(overRow.errors).toEqual([
        "lots: The lots hold 40 boxes but only 30 are in stock. Raise the stock first, or lower the lots' boxes.",
      ]);
      const refused = await importCsv(file("R1:25; R2:15"), false);
      expect(refused.statusCode).toBe(422);
      expect(await lotsOf(lotted.id)).toEqual(before);
      const [maple] = await t.database.db.select().from(products).where(eq(products.id, priced.id));
      expect(maple?.our_price_cents).toBe(200);
      expect(await lotAudits(lotted.id)).toHaveLength(1);

      const twice = (await importCsv(file("R9:1; r9:2"), true)).json().rows[1];
      expect(twice.errors).toEqual(["lots: Lot r9 is listed twice"]);
      const shape = (await importCsv(file("R1 14"), true)).json().rows[1];
      expect(shape.errors).toEqual(['lots: "R1 14" is not code:boxes, e.g. A1203:14; B2210:6']);
      const negative = (await importCsv(file("R1:-2"), true)).json().rows[1];
      expect(negative.errors).toEqual(["lots: Boxes cannot be negative"]);

      // The same row raising the stock makes room for the lots: checked against the new stock.
      const raised = await importCsv(file("R1:25; R2:15", "40"), false);
      expect(raised.statusCode).toBe(200);
      expect((await lotsOf(lotted.id)).map((lot) => [lot.lot_code, lot.boxes])).toEqual([
        ["R1", 25],
        ["R2", 15],
      ]);
    });

    it("a file without the lots column leaves every product's lots alone; an empty cell clears them", async () => {
      const product = await createProduct(t.database.db, {
        name: "Kept Csv Elm",
        sku: "CSV-LOT5",
        stock_quantity: 20,
        our_price: 2,
      });
      await saveLots(product.id, [
        ["K1", 8],
        ["K2", 4],
      ]);
      const kept = await lotsOf(product.id);
      const older = await importCsv(
        "sku,name,our_price,stock_quantity\r\nCSV-LOT5,Kept Csv Elm,2.5,5\r\n",
        false,
      );
      expect(older.statusCode).toBe(200);
      expect(older.json().rows[0].changes.map((c: { field: string }) => c.field)).toEqual([
        "our_price",
        "stock_quantity",
      ]);
      expect(await lotsOf(product.id)).toEqual(kept);

      const cleared = await importCsv("sku,lots\r\nCSV-LOT5,\r\n", false);
      expect(cleared.statusCode).toBe(200);
      expect(cleared.json().rows[0].changes).toEqual([
        { field: "lots", before: "K1:8; K2:4", after: null },
      ]);
      expect(await lotsOf(product.id)).toEqual([]);
      expect((await lotAudits(product.id)).at(-1)?.after).toEqual({ lots: [] });
    });
  });

  it("a PNG (or other binary file) sent as the CSV is refused with what it looks like, not a NUL error", async () => {
    // A PNG's first bytes as the browser's file.text() reads them, with the NUL bytes that follow.
    const png = "\uFFFDPNG\r\n\u001a\n\u0000\u0000\u0000\rIHDR\u0000\u0000\u0001\uFFFD";
    const res = await importCsv(png, true);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toMatch(/^That file is not a CSV: it looks like a PNG image\./);

    const pdf = await importCsv("%PDF-1.7\n%\uFFFD\uFFFD\n1 0 obj", true);
    expect(pdf.json().detail).toMatch(/^That file is not a CSV: it looks like a PDF document\./);
    const other = await importCsv(`sku,name\r\nA,B\u0000\u0000\u0000`, true);
    expect(other.statusCode).toBe(422);
    expect(other.json().detail).toMatch(/it looks like binary data, not text\./);
  });
});
