import type { ProductCreate, ProductFields, ProductPatch } from "@mcf/contracts/admin";
import { toCents } from "@mcf/contracts/money";
import type { AdminProduct } from "@mcf/contracts/product";
import { asc, eq, ilike, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { products } from "../../db/schema/catalog.ts";
import { conflict, invalid } from "../../errors.ts";
import { auditChanges, writeAudit } from "../audit/audit.service.ts";
import { countStock } from "../stock/stock.service.ts";
import { containsPattern, getProductRow } from "./product-lookup.ts";
import { toAdminProduct } from "./product-mapper.ts";

type ProductInsert = typeof products.$inferInsert;

/** Prices the editor sends in dollars; each is stored in its `*_cents` column. */
const priceFields = {
  our_price: "our_price_cents",
  competitor_price: "competitor_price_cents",
  ace_price: "ace_price_cents",
  ace_shown_price: "ace_shown_price_cents",
  msrp: "msrp_cents",
  pallet_shipping_cost: "pallet_shipping_cost_cents",
  cost_per_box: "cost_per_box_cents",
} as const;

/** Measures (square feet, pounds): numeric columns, stored as text with two decimals. */
const measureFields = ["sqft_per_carton", "box_weight_lbs", "unit_coverage_sqft"] as const;

/** The value of every field when a product is created or fully replaced without it. */
export const emptyProductFields: Omit<ProductFields, "name"> = {
  brand: null,
  type: null,
  construction: null,
  collection: null,
  style_color: null,
  color: null,
  color_code: null,
  size: null,
  description: null,
  sku: null,
  our_price: null,
  competitor_price: null,
  ace_price: null,
  ace_shown_price: null,
  msrp: null,
  sqft_per_carton: null,
  cartons_per_pallet: null,
  pallet_shipping_cost: null,
  box_weight_lbs: null,
  reorder_point: null,
  stock_quantity: 0,
  overall_thickness: null,
  wear_layer_thickness: null,
  thumbnail_image_url: null,
  main_image_url: null,
  secondary_image_url: null,
  image_url: null,
  features: {},
  specifications: {},
  is_closeout: false,
  samples_available: true,
  selling_unit: "box",
  accessory_kind: null,
  unit_coverage_sqft: null,
  fits_types: null,
};

/**
 * Flooring is sold by the box and has no accessory kind; an accessory has a kind and is sold by
 * the piece, roll or pail. The mismatch as a sentence, or null (the database refuses it too).
 */
export function accessoryShapeProblem(unit: string, kind: string | null): string | null {
  if (unit === "box" && kind !== null)
    return "An accessory is sold by the piece, roll or pail: choose its selling unit, or clear its accessory kind";
  if (unit !== "box" && kind === null)
    return `A product sold by the ${unit} is an accessory: choose its accessory kind`;
  return null;
}

function checkAccessoryShape(unit: string, kind: string | null): void {
  const problem = accessoryShapeProblem(unit, kind);
  if (problem) throw invalid(problem);
}

/**
 * Parsed editor fields → column values: a price in dollars becomes its cents (the one conversion,
 * at the edge), a measure a numeric string with two decimals.
 */
export function productColumns(fields: Partial<ProductFields>): Partial<ProductInsert> {
  const values: Record<string, unknown> = { ...fields };
  for (const [field, column] of Object.entries(priceFields) as Array<
    [keyof typeof priceFields, string]
  >) {
    if (!(field in fields)) continue;
    const dollars = fields[field];
    delete values[field];
    // An unsent cost stays as it is; any other price sent empty is cleared.
    if (dollars === undefined && field === "cost_per_box") continue;
    values[column] = dollars === null || dollars === undefined ? null : toCents(dollars);
  }
  for (const key of measureFields) {
    if (key in fields) {
      const value = fields[key];
      values[key] = value === null || value === undefined ? null : value.toFixed(2);
    }
  }
  return values as Partial<ProductInsert>;
}

function skuConflict(sku: string | null | undefined) {
  return conflict(`Another product already has the SKU ${sku ?? ""}`.trim());
}

/** Text search over the fields staff look products up by. */
function searchCondition(search: string | undefined) {
  if (!search) return undefined;
  const pattern = containsPattern(search);
  return or(
    ilike(products.name, pattern),
    ilike(products.brand, pattern),
    ilike(products.collection, pattern),
    ilike(products.color, pattern),
    ilike(products.type, pattern),
    ilike(products.sku, pattern),
  );
}

/** Products by name (then id, so pages never overlap), with partner prices. */
export async function listAdminProducts(
  db: Db,
  query: { limit: number; offset: number; search?: string },
): Promise<AdminProduct[]> {
  const rows = await db
    .select()
    .from(products)
    .where(searchCondition(query.search))
    .orderBy(asc(sql`lower(${products.name})`), asc(products.id))
    .limit(query.limit)
    .offset(query.offset);
  return rows.map(toAdminProduct);
}

/** One product as staff edit it, or the 404 AppError. */
export async function getAdminProduct(db: Db, id: number): Promise<AdminProduct> {
  return toAdminProduct(await getProductRow(db, id));
}

/** Creates a product (missing fields empty) and records it in the audit log. */
export async function createAdminProduct(
  db: Db,
  input: ProductCreate,
  actor: string,
): Promise<AdminProduct> {
  const fields = { ...emptyProductFields, ...input } as ProductFields;
  checkAccessoryShape(fields.selling_unit, fields.accessory_kind);
  try {
    return await db.transaction(async (tx) => {
      // The product starts with no boxes; the stock module records the ones it opens with.
      const [inserted] = await tx
        .insert(products)
        .values(productColumns({ ...fields, stock_quantity: 0 }) as ProductInsert)
        .returning();
      if (!inserted) throw new Error("product insert returned nothing");
      if (fields.stock_quantity > 0)
        await countStock(tx, inserted.id, fields.stock_quantity, {
          reason: "opening",
          reference: "Product created",
          staff: actor,
        });
      const row = await getProductRow(tx, inserted.id);
      const product = toAdminProduct(row);
      await writeAudit(tx, {
        actor,
        action: "product.create",
        entityType: "product",
        entityId: row.id,
        after: product,
      });
      return product;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw skuConflict(fields.sku);
    throw error;
  }
}

/**
 * Updates a product: PATCH sends only the fields to change; PUT (replace) clears every field it
 * does not send. Returns the updated product; the audit log gets the changed fields.
 */
export async function updateAdminProduct(
  db: Db,
  id: number,
  input: ProductPatch | ProductCreate,
  mode: "patch" | "replace",
  actor: string,
): Promise<AdminProduct> {
  const fields = (
    mode === "replace" ? { ...emptyProductFields, ...input } : input
  ) as Partial<ProductFields>;
  try {
    return await db.transaction(async (tx) => {
      const beforeRow = await getProductRow(tx, id, { forUpdate: true });
      const before = toAdminProduct(beforeRow);
      checkAccessoryShape(
        fields.selling_unit ?? beforeRow.selling_unit,
        fields.accessory_kind === undefined ? beforeRow.accessory_kind : fields.accessory_kind,
      );
      // The stock number staff enter is a count of the boxes in the building (on hand): the
      // stock module records the difference; what open orders hold stays theirs.
      const { stock_quantity: counted, ...columns } = productColumns(fields);
      if (Object.keys(columns).length === 0 && counted === undefined) return before;
      if (Object.keys(columns).length > 0)
        await tx
          .update(products)
          .set({ ...columns, updated_at: new Date() })
          .where(eq(products.id, id));
      if (counted !== undefined && counted !== null)
        await countStock(tx, id, counted, { reference: "Product editor", staff: actor });
      const after = toAdminProduct(await getProductRow(tx, id));
      await auditChanges(tx, {
        actor,
        action: "product.update",
        entityType: "product",
        entityId: id,
        before,
        after,
      });
      return after;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw skuConflict(fields.sku);
    throw error;
  }
}

/**
 * Deletes a product. Past orders keep their own copy of the name, SKU and prices (order_items),
 * so they stay readable; their product link becomes empty.
 */
export async function deleteAdminProduct(db: Db, id: number, actor: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await getProductRow(tx, id, { forUpdate: true });
    await tx.delete(products).where(eq(products.id, id));
    await writeAudit(tx, {
      actor,
      action: "product.delete",
      entityType: "product",
      entityId: id,
      before: toAdminProduct(row),
    });
  });
}
