import {
  type ProductFields,
  type ProductImportResult,
  type ProductImportRow,
  productCreateSchema,
  productPatchSchema,
} from "@mcf/contracts/admin";
import type { ProductLotsUpdate } from "@mcf/contracts/lots";
import type { AdminProduct } from "@mcf/contracts/product";
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import type { Db, DbOrTx } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { type ProductLotRow, products } from "../../db/schema/catalog.ts";
import { conflict, invalid } from "../../errors.ts";
import { writeAudit } from "../audit/audit.service.ts";
import { countShortOfHolds, countStock } from "../stock/stock.service.ts";
import {
  accessoryShapeProblem,
  emptyProductFields,
  productColumns,
} from "./product-admin.service.ts";
import { formatLotsCell, parseLotsCell, sameLots, toLotsUpdate } from "./product-csv-lots.ts";
import { getProductRow } from "./product-lookup.ts";
import { lotListProblem, lotsOfProducts, replaceProductLots } from "./product-lots.ts";
import { toAdminProduct } from "./product-mapper.ts";

/**
 * The columns of the catalogue file, in order. id and price_per_box are exported for reading only;
 * lots holds the product's dye lots in one cell (see product-csv-lots.ts).
 */
export const productCsvColumns = [
  "id",
  "sku",
  "name",
  "brand",
  "type",
  "construction",
  "collection",
  "style_color",
  "color",
  "color_code",
  "size",
  "description",
  "our_price",
  "competitor_price",
  "ace_price",
  "ace_shown_price",
  "msrp",
  "price_per_box",
  "sqft_per_carton",
  "cartons_per_pallet",
  "pallet_shipping_cost",
  "box_weight_lbs",
  "stock_quantity",
  "lots",
  "reorder_point",
  "overall_thickness",
  "wear_layer_thickness",
  "thumbnail_image_url",
  "main_image_url",
  "secondary_image_url",
  "image_url",
  "is_closeout",
  "samples_available",
  "selling_unit",
  "accessory_kind",
  "unit_coverage_sqft",
  "fits_types",
  "features",
  "specifications",
] as const;

type CsvColumn = (typeof productCsvColumns)[number];
/**
 * Not product fields: id is not the key (SKU is) and price_per_box is derived, so both are never
 * written; lots are the dye lots, read on their own (`lotsOfRow`).
 */
const notFieldColumns = new Set<CsvColumn>(["id", "price_per_box", "lots"]);
const jsonColumns = new Set<CsvColumn>(["features", "specifications", "fits_types"]);
/** JSON cells whose empty cell means "none" rather than an empty object. */
const nullWhenEmpty = new Set<CsvColumn>(["fits_types"]);
/** Cells whose empty cell keeps the product's value (or the default), as a file without the column does. */
const keptWhenEmpty = new Set<CsvColumn>(["samples_available", "selling_unit"]);

function cell(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/**
 * The catalogue as CSV (RFC 4180 quoting), one row per product, every field, and each product's
 * dye lots from `lots` (by product id).
 */
export function productsToCsv(
  list: AdminProduct[],
  lots: Map<number, Array<{ lot_code: string; boxes: number }>> = new Map(),
): string {
  return stringify(
    list.map((p) =>
      productCsvColumns.map((column) =>
        column === "lots"
          ? formatLotsCell(lots.get(p.id) ?? [])
          : // The stock column is a count of the boxes in the building (on hand), both ways.
            column === "stock_quantity"
            ? cell(p.on_hand)
            : cell(p[column as keyof AdminProduct]),
      ),
    ),
    { header: true, columns: [...productCsvColumns], record_delimiter: "\r\n" },
  );
}

function parseBoolean(value: string): boolean | string {
  const v = value.trim().toLowerCase();
  if (["true", "yes", "y", "1"].includes(v)) return true;
  if (["false", "no", "n", "0", ""].includes(v)) return false;
  return value;
}

interface ParsedFile {
  header: CsvColumn[];
  records: string[][];
}

function parseFile(csv: string): ParsedFile {
  let rows: string[][];
  try {
    rows = parse(csv.replace(/^\uFEFF/, ""), {
      relax_column_count: true,
      skip_empty_lines: true,
      trim: false,
    }) as string[][];
  } catch (error) {
    throw invalid(`The file is not valid CSV: ${(error as Error).message}`);
  }
  const [first, ...records] = rows;
  if (!first) throw invalid("The CSV file is empty");
  const header = first.map((h) => h.trim().toLowerCase());
  const unknown = header.filter((h) => !(productCsvColumns as readonly string[]).includes(h));
  if (unknown.length > 0) throw invalid(`Unknown column(s): ${unknown.join(", ")}`);
  if (!header.includes("name") && !header.includes("sku")) {
    throw invalid("The file needs a name column (and a sku column to update products)");
  }
  const duplicates = header.filter((h, i) => header.indexOf(h) !== i);
  if (duplicates.length > 0) throw invalid(`Column(s) appear twice: ${duplicates.join(", ")}`);
  return { header: header as CsvColumn[], records };
}

/** One CSV row → the raw editor values of the columns the file has. */
function rowValues(
  header: CsvColumn[],
  record: string[],
): { values: Record<string, unknown>; errors: string[] } {
  const values: Record<string, unknown> = {};
  const errors: string[] = [];
  header.forEach((column, index) => {
    if (notFieldColumns.has(column)) return;
    const raw = record[index] ?? "";
    if (jsonColumns.has(column)) {
      if (raw.trim() === "") {
        values[column] = nullWhenEmpty.has(column) ? null : {};
        return;
      }
      try {
        values[column] = JSON.parse(raw);
      } catch {
        errors.push(
          column === "fits_types"
            ? `${column}: must be a JSON list, e.g. ["vinyl", "laminate"]`
            : `${column}: must be JSON, e.g. {"Finish": "Matte"}`,
        );
      }
      return;
    }
    if (keptWhenEmpty.has(column) && raw.trim() === "") return;
    if (column === "is_closeout" || column === "samples_available") {
      const parsed = parseBoolean(raw);
      if (typeof parsed === "string") errors.push(`${column}: "${raw}" is not true or false`);
      else values[column] = parsed;
      return;
    }
    values[column] = raw;
  });
  return { values, errors };
}

function issuesToErrors(issues: z.core.$ZodIssue[]): string[] {
  return issues.map((issue) => `${issue.path.join(".") || "row"}: ${issue.message}`);
}

interface PlannedRow extends ProductImportRow {
  fields: Partial<ProductFields> | null;
  /** The product's lots as the file sets them; null when they stay as they are. */
  lots: ProductLotsUpdate | null;
}

/**
 * The lots a row sets, when the file has a lots column (a file without one leaves every
 * product's lots alone; an empty cell clears them). Checked by the lots service's own rule
 * against the stock the row leaves the product with; problems are added to `errors`.
 */
function lotsOfRow(
  raw: string | undefined,
  current: ProductLotRow[],
  stock: number,
  errors: string[],
): ProductLotsUpdate | null {
  if (raw === undefined) return null;
  const parsed = parseLotsCell(raw);
  if ("errors" in parsed) {
    errors.push(...parsed.errors);
    return null;
  }
  if (sameLots(parsed.lots, current)) return null;
  const update = toLotsUpdate(parsed.lots, current);
  const problem = lotListProblem(
    update.lots,
    stock,
    current.map((row) => row.id),
  );
  if (problem) errors.push(`lots: ${problem}`);
  return update;
}

/** Works out what importing the file would do, row by row, without writing anything. */
export async function planProductImport(db: DbOrTx, csv: string): Promise<PlannedRow[]> {
  const { header, records } = parseFile(csv);
  const skuIndex = header.indexOf("sku");
  const skus = skuIndex >= 0 ? records.map((r) => (r[skuIndex] ?? "").trim()).filter(Boolean) : [];
  const existing = new Map<string, AdminProduct>();
  /** What open orders hold of each product: a count below it is refused when applied. */
  const holds = new Map<string, { name: string; allocated: number; reserved: number }>();
  for (let i = 0; i < skus.length; i += 500) {
    const chunk = skus.slice(i, i + 500);
    const rows = await db.select().from(products).where(inArray(products.sku, chunk));
    // The file's stock column is a count of on hand: compared with on hand, not available.
    for (const row of rows) {
      if (!row.sku) continue;
      existing.set(row.sku, { ...toAdminProduct(row), stock_quantity: row.on_hand });
      holds.set(row.sku, row);
    }
  }
  const lotsIndex = header.indexOf("lots");
  const currentLots =
    lotsIndex >= 0
      ? await lotsOfProducts(
          db,
          [...existing.values()].map((product) => product.id),
        )
      : new Map<number, ProductLotRow[]>();
  const seenSkus = new Map<string, number>();
  return records.map((record, index): PlannedRow => {
    const line = index + 2;
    const sku = skuIndex >= 0 ? (record[skuIndex] ?? "").trim() || null : null;
    const { values, errors } = rowValues(header, record);
    const current = sku ? existing.get(sku) : undefined;
    if (sku) {
      const firstLine = seenSkus.get(sku);
      if (firstLine) errors.push(`sku: ${sku} is already on line ${firstLine} of this file`);
      else seenSkus.set(sku, line);
    }
    const parsed = current
      ? productPatchSchema.safeParse(values)
      : productCreateSchema.safeParse(values);
    if (!parsed.success) errors.push(...issuesToErrors(parsed.error.issues));
    const name =
      typeof values.name === "string" && values.name.trim()
        ? values.name.trim()
        : (current?.name ?? null);
    const stockAfter =
      (parsed.success ? (parsed.data as Partial<ProductFields>).stock_quantity : undefined) ??
      current?.stock_quantity ??
      emptyProductFields.stock_quantity;
    const held = sku ? holds.get(sku) : undefined;
    const short =
      held && stockAfter !== current?.stock_quantity && countShortOfHolds(held, stockAfter);
    if (short) errors.push(`stock_quantity: ${short}`);
    const lotsCurrent = current ? (currentLots.get(current.id) ?? []) : [];
    const lots = lotsOfRow(
      lotsIndex >= 0 ? (record[lotsIndex] ?? "") : undefined,
      lotsCurrent,
      stockAfter,
      errors,
    );
    if (parsed.success) {
      // The editor's rule: flooring by the box without a kind, an accessory by its unit with one.
      const fields = parsed.data as Partial<ProductFields>;
      const unit = fields.selling_unit ?? current?.selling_unit ?? "box";
      const kind =
        fields.accessory_kind !== undefined
          ? fields.accessory_kind
          : (current?.accessory_kind ?? null);
      const shape = accessoryShapeProblem(unit, kind);
      if (shape) errors.push(shape);
    }
    const lotsChange = lots
      ? [
          {
            field: "lots",
            before: current ? formatLotsCell(lotsCurrent) || null : null,
            after: formatLotsCell(lots.lots) || null,
          },
        ]
      : [];
    if (errors.length > 0 || !parsed.success) {
      return {
        line,
        action: "error",
        product_id: current?.id ?? null,
        sku,
        name,
        changes: [],
        errors,
        fields: null,
        lots: null,
      };
    }
    const fields = parsed.data as Partial<ProductFields>;
    if (!current) {
      const full = { ...emptyProductFields, ...fields } as Record<string, unknown>;
      const changes = Object.entries(full)
        .filter(
          ([, v]) =>
            v !== null && !(typeof v === "object" && Object.keys(v as object).length === 0),
        )
        .map(([field, after]) => ({ field, before: null, after }));
      return {
        line,
        action: "create",
        product_id: null,
        sku,
        name,
        changes: [...changes, ...lotsChange],
        errors: [],
        fields,
        lots,
      };
    }
    const changes = Object.entries(fields)
      .filter(
        ([field, after]) =>
          JSON.stringify(current[field as keyof AdminProduct]) !== JSON.stringify(after),
      )
      .map(([field, after]) => ({
        field,
        before: current[field as keyof AdminProduct] ?? null,
        after,
      }))
      .concat(lotsChange);
    return {
      line,
      action: changes.length > 0 ? "update" : "unchanged",
      product_id: current.id,
      sku,
      name,
      changes,
      errors: [],
      fields,
      lots,
    };
  });
}

function summarize(rows: PlannedRow[], dryRun: boolean, applied: boolean): ProductImportResult {
  const summary = { create: 0, update: 0, unchanged: 0, error: 0 };
  for (const row of rows) summary[row.action] += 1;
  return {
    dry_run: dryRun,
    applied,
    summary,
    rows: rows.map(({ fields: _fields, lots: _lots, ...row }) => row),
  };
}

/**
 * Imports a catalogue file. Dry run: reports per row what would change and every error, writes
 * nothing. Apply: re-plans inside one transaction and writes every row (its fields, then its
 * lots through the lots service, against the stock the row just set), or nothing when any row
 * has an error (422) or a SKU collides (409).
 */
export async function importProductsCsv(
  db: Db,
  csv: string,
  dryRun: boolean,
  actor: string,
): Promise<ProductImportResult> {
  if (dryRun) return summarize(await planProductImport(db, csv), true, false);
  try {
    return await db.transaction(async (tx) => {
      const plan = await planProductImport(tx, csv);
      const errorCount = plan.filter((r) => r.action === "error").length;
      if (errorCount > 0) {
        throw invalid(
          `${errorCount} row${errorCount === 1 ? " has" : "s have"} errors; nothing was imported. Run a dry run to see them.`,
        );
      }
      for (const row of plan) {
        if (!row.fields) continue;
        if (row.action === "create") {
          const full = { ...emptyProductFields, ...row.fields } as ProductFields;
          // A new product starts with no boxes; the stock module records the ones it opens with.
          const values = productColumns({ ...full, stock_quantity: 0 });
          const [inserted] = await tx
            .insert(products)
            .values(values as typeof products.$inferInsert)
            .returning();
          if (!inserted) throw new Error("product insert returned nothing");
          row.product_id = inserted.id;
          if (full.stock_quantity > 0)
            await countStock(tx, inserted.id, full.stock_quantity, {
              reason: "opening",
              reference: `CSV import, line ${row.line}`,
              staff: actor,
            });
          const created = await getProductRow(tx, inserted.id);
          await writeAudit(tx, {
            actor,
            action: "product.import.create",
            entityType: "product",
            entityId: created.id,
            after: toAdminProduct(created),
          });
        } else if (row.action === "update" && row.product_id !== null) {
          const fieldChanges = row.changes.filter((c) => c.field !== "lots");
          if (fieldChanges.length > 0) {
            const changed = Object.fromEntries(
              fieldChanges.map((c) => [c.field, c.after]),
            ) as Partial<ProductFields>;
            // The stock column is a count of the boxes in the building: the stock module records
            // the difference from on hand, and what open orders hold stays theirs.
            const { stock_quantity: counted, ...columns } = productColumns(changed);
            if (Object.keys(columns).length > 0)
              await tx
                .update(products)
                .set({ ...columns, updated_at: new Date() })
                .where(eq(products.id, row.product_id));
            if (counted !== undefined && counted !== null)
              await countStock(tx, row.product_id, counted, {
                reference: `CSV import, line ${row.line}`,
                staff: actor,
              });
            await writeAudit(tx, {
              actor,
              action: "product.import.update",
              entityType: "product",
              entityId: row.product_id,
              before: Object.fromEntries(fieldChanges.map((c) => [c.field, c.before])),
              after: changed,
            });
          }
        }
        if (row.lots && row.product_id !== null)
          await replaceProductLots(tx, row.product_id, row.lots, actor);
      }
      return summarize(plan, false, true);
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw conflict("A SKU in the file is already used by another product; nothing was imported");
    }
    throw error;
  }
}
