import { toCents } from "@mcf/contracts/money";
import type { PriceAudience } from "@mcf/contracts/pricing";
import type { ProductFacets, ProductListQuery } from "@mcf/contracts/product";
import { sortFeatureKeys } from "@mcf/contracts/product-features";
import { productPriceBounds } from "@mcf/contracts/product-options";
import { and, asc, eq, gte, lte, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { products } from "../../db/schema/catalog.ts";
import { listPriceSql } from "../pricing/pricing.service.ts";
import { flooringOnly } from "./product-lookup.ts";
import type { ProductRow } from "./product-mapper.ts";
import { readSearch, searchCondition, searchRank } from "./product-search.ts";

export type { ProductLotRow } from "../../db/schema/catalog.ts";
// The catalog module's public entry: other modules import only this file. The staff editor, the
// CSV import/export and the row lookup live beside it and are offered from here.
export {
  chooseCompanions,
  listAccessories,
  listCompanionRows,
  listCompanions,
} from "./companions.ts";
export {
  createAdminProduct,
  deleteAdminProduct,
  getAdminProduct,
  listAdminProducts,
  updateAdminProduct,
} from "./product-admin.service.ts";
export { importProductsCsv, productsToCsv } from "./product-csv.ts";
export { createProductImageStore, type ProductImageStore } from "./product-image-store.ts";
export {
  addProductImages,
  deleteProductImage,
  forgetProductImageFiles,
  makeImageCopies,
  type ProductImageLimits,
  reorderProductImages,
} from "./product-images.ts";
export { findProductRows, getProductRow } from "./product-lookup.ts";
export {
  findLotsByIds,
  getProductLots,
  lotsOfProducts,
  saveProductLots,
} from "./product-lots.ts";
export {
  dollarsOrNull,
  type ProductRow,
  productRating,
  toAdminProduct,
  toPublicProduct,
} from "./product-mapper.ts";
export { setProductRating } from "./product-rating.ts";
export { createProductRowsReader } from "./product-rows-cache.ts";
export { suggestProducts } from "./product-suggestions.ts";
export { searchShowing } from "./search-correction.ts";

/** The filters a caller may fix when the query leaves them out (ACE: collection "AR"). */
export type ProductListDefaults = Partial<
  Pick<ProductListQuery, "type" | "construction" | "style_color" | "brand" | "collection">
>;

export interface ListProductsOptions {
  /** Whose price the list filters and sorts by: the public's, or an approved partner's. */
  audience: PriceAudience;
  defaults?: ProductListDefaults;
}

export interface ProductPage {
  rows: ProductRow[];
  /** Products matching the filters, before paging. */
  total: number;
}

/** A product's average stars from its kept sums (null without reviews); index products_rating_idx. */
const averageRating = sql`(${products.rating_total}::numeric / nullif(${products.rating_count}, 0))`;

function filterConditions(query: ProductListQuery, options: ListProductsOptions): SQL | undefined {
  const price = listPriceSql(options.audience, products);
  const defaults = options.defaults ?? {};
  // The product list is the flooring list: its types, filters and per-sq-ft prices are floors'.
  // A search also lists the accessories it finds, as the header's suggestions for it offer them
  // ("underlayment" lists the rolls), so pressing Enter shows what was suggested.
  const conditions: (SQL | undefined)[] = [query.q ? undefined : flooringOnly];
  const type = query.type ?? defaults.type;
  // Types are stored lowercase; the footer's ?type=Hardwood should still match.
  if (type) conditions.push(eq(products.type, type.toLowerCase()));
  for (const key of ["construction", "style_color", "brand", "collection"] as const) {
    const value = query[key] ?? defaults[key];
    if (value) conditions.push(eq(products[key], value));
  }
  // 0 and 999 are the slider's ends: they mean "no bound", so unpriced products stay listed.
  // The bounds come in dollars per sq ft; prices are stored in cents.
  if (query.min_price !== undefined && query.min_price > productPriceBounds.min) {
    conditions.push(gte(price, toCents(query.min_price)));
  }
  if (query.max_price !== undefined && query.max_price < productPriceBounds.max) {
    conditions.push(lte(price, toCents(query.max_price)));
  }
  if (query.q) conditions.push(searchCondition(query.q));
  // Each chosen feature must be true of the product (`features` holds the yes/no answers).
  for (const feature of query.features ?? [])
    conditions.push(sql`(${products.features} ->> ${feature}) = 'true'`);
  if (query.min_rating !== undefined) conditions.push(sql`${averageRating} >= ${query.min_rating}`);
  if (query.closeout === "true") conditions.push(eq(products.is_closeout, true));
  if (query.closeout === "false") conditions.push(eq(products.is_closeout, false));
  return and(...conditions);
}

/**
 * Out-of-stock products always come last; on price sorts, products without a price come after
 * priced ones. The sort price is the per-sq-ft price the audience pays (per-box prices derive
 * from it, so "our_price, else price_per_box" is the same order). Best match ranks a search's
 * products as the header's suggestions do (no search: by name). Name, then id, make the order total.
 */
function sortOrder(query: ProductListQuery, audience: PriceAudience): SQL[] {
  const { sort } = query;
  const price = listPriceSql(audience, products);
  const outOfStockLast = sql`(${products.stock_quantity} = 0)`;
  const byName = [asc(sql`lower(${products.name})`), asc(products.id)];
  if (sort === "relevance" && query.q)
    return [outOfStockLast, sql`${searchRank(readSearch(query.q))} desc`, ...byName];
  if (sort === "name_asc" || sort === "relevance") return [outOfStockLast, ...byName];
  // Best rated first; products without reviews after every rated one, more reviews first on a tie.
  if (sort === "rating_desc")
    return [
      outOfStockLast,
      sql`${averageRating} desc nulls last`,
      sql`${products.rating_count} desc`,
      ...byName,
    ];
  const direction = sort === "price_asc" ? sql`asc` : sql`desc`;
  return [outOfStockLast, sql`(${price} is null)`, sql`${price} ${direction}`, ...byName];
}

/**
 * One page of products matching `query` (filters, bounds and sort on the audience's price),
 * with the total before paging. `per_page` -1 returns every match; a page past the end is empty.
 * Used by the public list and the partner list.
 */
export async function listProducts(
  db: Db,
  query: ProductListQuery,
  options: ListProductsOptions,
): Promise<ProductPage> {
  const where = filterConditions(query, options);
  const base = db
    .select({ product: products, total: sql<string>`count(*) over ()` })
    .from(products)
    .where(where)
    .orderBy(...sortOrder(query, options.audience));
  const result =
    query.per_page === -1
      ? await base
      : await base.limit(query.per_page).offset((query.page - 1) * query.per_page);
  if (result.length > 0) {
    return { rows: result.map((r) => r.product), total: Number(result[0]?.total ?? 0) };
  }
  // A page past the end has no rows to carry the window count.
  const [counted] = await db.select({ total: sql<string>`count(*)` }).from(products).where(where);
  return { rows: [], total: Number(counted?.total ?? 0) };
}

/** Every closeout product by name, unpaged (the closeouts page sorts them itself). */
export async function listCloseoutProducts(db: Db, query: ProductListQuery): Promise<ProductRow[]> {
  const { rows } = await listProducts(
    db,
    { ...query, closeout: "true", per_page: -1, page: 1 },
    { audience: "public" },
  );
  return rows;
}

/**
 * The distinct values of each filter dropdown, sorted, among the products the defaults allow.
 */
export async function listProductFacets(
  db: Db,
  defaults: ProductListDefaults = {},
  /**
   * The type the shopper chose: brands, collections, constructions, colours and features are
   * then those of that type (no carpet brand on the hardwood list); the types stay all of them.
   */
  type?: string,
): Promise<ProductFacets> {
  const where = filterConditions(
    { sort: "name_asc", page: 1, per_page: -1 },
    { audience: "public", defaults },
  );
  // One pass over the distinct combinations (far fewer than products) instead of five queries.
  const rows = await db
    .selectDistinct({
      type: products.type,
      brand: products.brand,
      collection: products.collection,
      construction: products.construction,
      style_color: products.style_color,
    })
    .from(products)
    .where(where);
  const valuesOf = (key: keyof (typeof rows)[number], of = rows) =>
    [...new Set(of.map((row) => row[key]).filter((v): v is string => Boolean(v?.trim())))].sort(
      (a, b) => (a < b ? -1 : a > b ? 1 : 0),
    );
  const types = valuesOf("type");
  const ofType = type ? rows.filter((row) => row.type === type) : rows;
  const brands = valuesOf("brand", ofType);
  const collections = valuesOf("collection", ofType);
  const constructions = valuesOf("construction", ofType);
  const style_colors = valuesOf("style_color", ofType);
  // The yes/no features true of at least one product the defaults allow.
  const featureRows = await db.execute<{ key: string }>(
    sql`select distinct f.key as key from ${products} cross join lateral jsonb_each(${products.features}) as f where f.value = 'true'::jsonb and ${where ?? sql`true`} and ${type ? eq(products.type, type) : sql`true`}`,
  );
  const features = sortFeatureKeys(featureRows.rows.map((row) => String(row.key)));
  return { types, brands, collections, constructions, style_colors, features };
}
