import { accessoryKinds, sellingUnits } from "@mcf/contracts/accessories";
import type { ProductImage } from "@mcf/contracts/product-images";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { centsColumn, decimalColumn, timestamps } from "./columns.ts";

export const products = pgTable(
  "products",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    brand: text("brand"),
    type: text("type"),
    construction: text("construction"),
    collection: text("collection"),
    style_color: text("style_color"),
    color: text("color"),
    color_code: text("color_code"),
    size: text("size"),
    description: text("description"),
    sku: text("sku"),
    our_price_cents: centsColumn("our_price_cents"),
    competitor_price_cents: centsColumn("competitor_price_cents"),
    ace_price_cents: centsColumn("ace_price_cents"),
    ace_shown_price_cents: centsColumn("ace_shown_price_cents"),
    msrp_cents: centsColumn("msrp_cents"),
    sqft_per_carton: decimalColumn("sqft_per_carton"),
    cartons_per_pallet: integer("cartons_per_pallet"),
    pallet_shipping_cost_cents: centsColumn("pallet_shipping_cost_cents"),
    /** Pounds per box, for parcel limits; empty takes the documented default. */
    box_weight_lbs: decimalColumn("box_weight_lbs"),
    /**
     * What a shopper can buy now: on_hand - allocated - reserved. Only the stock module changes
     * these four, together, in one UPDATE (the checks below keep them consistent).
     */
    stock_quantity: integer("stock_quantity").notNull().default(0),
    /** Boxes in the building: the sum of the product's stock_ledger rows. */
    on_hand: integer("on_hand").notNull().default(0),
    /** Boxes of paid orders not yet shipped or picked up. */
    allocated: integer("allocated").notNull().default(0),
    /** Boxes of open checkouts: unpaid orders whose payment is still open. */
    reserved: integer("reserved").notNull().default(0),
    /** Boxes at or below which the dashboard lists the product to reorder (none: never). */
    reorder_point: integer("reorder_point"),
    /** What one box cost us, in cents: the last receipt's cost, or what staff entered. */
    cost_per_box_cents: integer("cost_per_box_cents"),
    overall_thickness: text("overall_thickness"),
    wear_layer_thickness: text("wear_layer_thickness"),
    thumbnail_image_url: text("thumbnail_image_url"),
    main_image_url: text("main_image_url"),
    secondary_image_url: text("secondary_image_url"),
    image_url: text("image_url"),
    /** Uploaded photos in their shown order (migration 0018); files under DATA_DIR/products. */
    images: jsonb("images").$type<ProductImage[]>().notNull().default([]),
    features: jsonb("features")
      .$type<Record<string, boolean | string | number>>()
      .notNull()
      .default({}),
    specifications: jsonb("specifications").$type<Record<string, string>>().notNull().default({}),
    is_closeout: boolean("is_closeout").notNull().default(false),
    /** Whether shoppers may order a sample of it (samples never touch box stock). */
    samples_available: boolean("samples_available").notNull().default(true),
    /** "box" for flooring; an accessory's own unit ("piece", "roll", "pail"), which our_price_cents prices. */
    selling_unit: text("selling_unit", { enum: sellingUnits }).notNull().default("box"),
    /** What kind of accessory it is; null for flooring. */
    accessory_kind: text("accessory_kind", { enum: accessoryKinds }),
    /** Sq ft one unit covers (an underlayment roll, an adhesive pail); null otherwise. */
    unit_coverage_sqft: decimalColumn("unit_coverage_sqft"),
    /** The flooring types an accessory suits; null: every type. */
    fits_types: text("fits_types").array(),
    /** Approved reviews and the sum of their stars; only the reviews module sets them. */
    rating_count: integer("rating_count").notNull().default(0),
    rating_total: integer("rating_total").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    check("products_stock_not_negative", sql`${t.stock_quantity} >= 0`),
    check("products_on_hand_not_negative", sql`${t.on_hand} >= 0`),
    check("products_allocated_not_negative", sql`${t.allocated} >= 0`),
    check("products_reserved_not_negative", sql`${t.reserved} >= 0`),
    check(
      "products_available_is_on_hand_less_held",
      sql`${t.stock_quantity} = ${t.on_hand} - ${t.allocated} - ${t.reserved}`,
    ),
    check("products_reorder_point_not_negative", sql`${t.reorder_point} >= 0`),
    check("products_cost_per_box_not_negative", sql`${t.cost_per_box_cents} >= 0`),
    check(
      "products_selling_unit_check",
      sql`${t.selling_unit} in ('box', 'piece', 'roll', 'pail')`,
    ),
    check(
      "products_accessory_kind_check",
      sql`${t.accessory_kind} in ('underlayment', 'adhesive', 'transition', 'reducer', 'stair_nose', 'quarter_round')`,
    ),
    check(
      "products_accessory_unit_check",
      sql`(${t.selling_unit} = 'box') = (${t.accessory_kind} is null)`,
    ),
    check("products_unit_coverage_positive", sql`${t.unit_coverage_sqft} > 0`),
    uniqueIndex("products_sku_unique").on(t.sku),
    index("products_type_idx").on(t.type),
    index("products_brand_idx").on(t.brand),
    index("products_collection_idx").on(t.collection),
    index("products_closeout_idx").on(t.is_closeout),
    index("products_name_idx").on(sql`lower(${t.name})`),
    // The default list order (out of stock last, then name): a page reads the index in order
    // instead of sorting every product (decision 022: 130-230 ms to 0.6 ms at 20,000 products).
    index("products_list_order_idx").on(
      sql`(${t.stock_quantity} = 0)`,
      sql`lower(${t.name})`,
      t.id,
    ),
    index("products_our_price_cents_idx").on(t.our_price_cents),
    index("products_accessory_kind_idx")
      .on(t.accessory_kind)
      .where(sql`${t.accessory_kind} is not null`),
  ],
);

/**
 * Dye lots of a product: boxes made in one run share one shade. Lots are a breakdown of the
 * product's `stock_quantity` (boxes outside every lot are "not in a lot"); a product without lots
 * sells from its stock count alone (decision 080).
 */
export const productLots = pgTable(
  "product_lots",
  {
    id: serial("id").primaryKey(),
    product_id: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    lot_code: text("lot_code").notNull(),
    boxes: integer("boxes").notNull(),
    ...timestamps,
  },
  (t) => [
    check("product_lots_boxes_not_negative", sql`${t.boxes} >= 0`),
    uniqueIndex("product_lots_product_code_idx").on(t.product_id, t.lot_code),
  ],
);

export type ProductLotRow = typeof productLots.$inferSelect;

/**
 * Every word of the products' search texts (a letter in it, two characters or more), kept by a
 * row trigger on the text columns (migration 0038): the search's typo check compares a typed word
 * with these instead of with every product text.
 */
export const searchWords = pgTable("search_words", {
  word: text("word").primaryKey(),
});
