import { randomBytes } from "node:crypto";
import type { AccessoryKind, SellingUnit } from "@mcf/contracts/accessories";
import { salesTaxRates, shippingDefaults } from "@mcf/contracts/business";
import { multiplyCents, toCents } from "@mcf/contracts/money";
import { eq } from "drizzle-orm";
import type { Db } from "../src/db/client.ts";
import {
  aceSessions,
  aceUsers,
  coupons,
  orderItems,
  orderPayments,
  orders,
  productLots,
  products,
  projectInquiries,
} from "../src/db/schema/index.ts";
import { couponAmountColumns } from "../src/modules/coupons/coupons.service.ts";
import { hashToken } from "../src/modules/partners/partner-session.ts";
import { publicPriceOf } from "../src/modules/pricing/pricing.service.ts";
import { openStock, takeAgain } from "../src/modules/stock/stock.service.ts";

/** A product's fields as a test writes them: prices in dollars (per sq ft for flooring). */
export interface ProductFixture {
  name: string;
  brand: string | null;
  type: "hardwood" | "laminate" | "vinyl" | "tile" | "carpet";
  construction: string | null;
  collection: string | null;
  style_color: string | null;
  color: string | null;
  color_code: string | null;
  size: string | null;
  description: string | null;
  sku: string;
  our_price: number | null;
  competitor_price: number | null;
  ace_price: number | null;
  ace_shown_price: number | null;
  msrp: number | null;
  sqft_per_carton: number | null;
  cartons_per_pallet: number | null;
  pallet_shipping_cost: number | null;
  box_weight_lbs?: number | null;
  stock_quantity: number;
  reorder_point?: number | null;
  overall_thickness: string | null;
  wear_layer_thickness: string | null;
  thumbnail_image_url: string | null;
  main_image_url: string | null;
  secondary_image_url: string | null;
  image_url: string | null;
  features: Record<string, boolean | string>;
  specifications: Record<string, string>;
  is_closeout: boolean;
  samples_available?: boolean;
}

/** An accessory's fields: its price is per unit (piece, roll or pail). */
export interface AccessoryFixture extends Omit<ProductFixture, "type"> {
  type: "accessory";
  selling_unit: Exclude<SellingUnit, "box">;
  accessory_kind: AccessoryKind;
  unit_coverage_sqft: number | null;
  fits_types: string[] | null;
}

const numericText = (value: number | null) => (value === null ? null : value.toFixed(2));
const centsOf = (dollars: number | null) => (dollars === null ? null : toCents(dollars));

/** The insert values of a fixture: prices in cents, measures as text with two decimals. */
function productValues(p: ProductFixture | AccessoryFixture): typeof products.$inferInsert {
  const {
    our_price,
    competitor_price,
    ace_price,
    ace_shown_price,
    msrp,
    pallet_shipping_cost,
    ...rest
  } = p;
  return {
    ...rest,
    // Flooring is sold by the box; an accessory says its own unit and kind.
    selling_unit: "selling_unit" in p ? p.selling_unit : "box",
    accessory_kind: "accessory_kind" in p ? p.accessory_kind : null,
    unit_coverage_sqft: "unit_coverage_sqft" in p ? numericText(p.unit_coverage_sqft) : null,
    fits_types: "fits_types" in p ? p.fits_types : null,
    our_price_cents: centsOf(our_price),
    competitor_price_cents: centsOf(competitor_price),
    ace_price_cents: centsOf(ace_price),
    ace_shown_price_cents: centsOf(ace_shown_price),
    msrp_cents: centsOf(msrp),
    sqft_per_carton: numericText(p.sqft_per_carton),
    pallet_shipping_cost_cents: centsOf(pallet_shipping_cost),
    box_weight_lbs: numericText(p.box_weight_lbs ?? null),
  };
}

let sequence = 0;

/** A product with believable defaults; override any field. Shared by tests and e2e fixtures. */
export function buildProduct(overrides: Partial<ProductFixture> = {}): ProductFixture {
  sequence += 1;
  return {
    name: `Test Oak Plank ${sequence}`,
    brand: "Test Mills",
    type: "hardwood",
    construction: "Engineered",
    collection: "Test Collection",
    style_color: "Natural",
    color: "Natural Oak",
    color_code: "#b7793f",
    size: "7.5 in x 75 in",
    description: "A test product.",
    sku: `TEST-${sequence}-${Math.random().toString(36).slice(2, 8)}`,
    our_price: 4.99,
    competitor_price: 6.49,
    ace_price: null,
    ace_shown_price: null,
    msrp: null,
    sqft_per_carton: 20,
    cartons_per_pallet: 40,
    pallet_shipping_cost: 200,
    stock_quantity: 100,
    overall_thickness: "1/2 in",
    wear_layer_thickness: "3 mm",
    thumbnail_image_url: null,
    main_image_url: null,
    secondary_image_url: null,
    image_url: null,
    features: {},
    specifications: {},
    is_closeout: false,
    ...overrides,
  };
}

/** A product row as the database answers it (prices in cents, measures as numeric strings), without a database. */
export function buildProductRow(
  overrides: Partial<ProductFixture> = {},
): typeof products.$inferSelect {
  const values = productValues(buildProduct(overrides));
  const now = new Date();
  // Every column is present: buildProduct fills them all.
  return {
    ...values,
    id: sequence,
    on_hand: values.stock_quantity ?? 0,
    allocated: 0,
    reserved: 0,
    created_at: now,
    updated_at: now,
  } as typeof products.$inferSelect;
}

/**
 * Inserts a product with no boxes, then opens its stock through the stock module (on hand and an
 * opening ledger row), as the store does.
 */
async function insertWithStock(db: Db, values: typeof products.$inferInsert) {
  const boxes = values.stock_quantity ?? 0;
  const [inserted] = await db
    .insert(products)
    .values({ ...values, stock_quantity: 0 })
    .returning({ id: products.id });
  if (!inserted) throw new Error("insert failed");
  if (boxes > 0)
    await openStock(db, [{ productId: inserted.id, quantity: boxes }], {
      reference: "Test product",
    });
  const [row] = await db.select().from(products).where(eq(products.id, inserted.id));
  if (!row) throw new Error("insert failed");
  return row;
}

export async function createProduct(db: Db, overrides: Partial<ProductFixture> = {}) {
  return insertWithStock(db, productValues(buildProduct(overrides)));
}

/** A product's boxes in stock as stored now; undefined when there is no such product. */
export async function storedStock(db: Db, productId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ stock: products.stock_quantity })
    .from(products)
    .where(eq(products.id, productId));
  return row?.stock;
}

/** Boxes per lot code of a product, as stored now. */
export async function storedLots(db: Db, productId: number): Promise<Record<string, number>> {
  const lots = await db.select().from(productLots).where(eq(productLots.product_id, productId));
  return Object.fromEntries(lots.map((lot) => [lot.lot_code, lot.boxes]));
}

/**
 * An accessory with believable defaults (a transition molding in Natural Oak, $24.99 a piece,
 * for hardwood, laminate and vinyl); override any field.
 */
export function buildAccessory(overrides: Partial<AccessoryFixture> = {}): AccessoryFixture {
  const { type: _type, ...product } = buildProduct({
    name: `Test T-Molding ${sequence + 1}`,
    brand: "Test Trim",
    construction: "MDF core",
    collection: null,
    size: "78 in piece",
    our_price: 24.99,
    competitor_price: null,
    sqft_per_carton: null,
    cartons_per_pallet: 300,
    box_weight_lbs: 2,
    overall_thickness: null,
    wear_layer_thickness: null,
    samples_available: false,
  });
  return {
    ...product,
    type: "accessory",
    selling_unit: "piece",
    accessory_kind: "transition",
    unit_coverage_sqft: null,
    fits_types: ["hardwood", "laminate", "vinyl"],
    ...overrides,
  };
}

export async function createAccessory(db: Db, overrides: Partial<AccessoryFixture> = {}) {
  return insertWithStock(db, productValues(buildAccessory(overrides)));
}

/** A coupon as a test writes it: its value a percent or dollars off (by kind), its minimum in dollars. */
type CouponFixture = Partial<
  Omit<typeof coupons.$inferInsert, "percent_off" | "amount_off_cents" | "min_subtotal_cents">
> & { code: string; value?: number | string; min_subtotal?: number | string };

/** A coupon (10 percent by default); `code` is stored upper-case as the store does. */
export async function createCoupon(db: Db, overrides: CouponFixture) {
  const { value = 10, min_subtotal = 0, kind = "percent", ...rest } = overrides;
  const [row] = await db
    .insert(coupons)
    .values({
      ...rest,
      kind,
      ...couponAmountColumns(kind, value),
      min_subtotal_cents: toCents(min_subtotal),
      code: overrides.code.toUpperCase(),
    })
    .returning();
  if (!row) throw new Error("insert failed");
  return row;
}

/** A partner account with a live session; answers the bearer token to send. */
export async function createPartnerWithSession(
  db: Db,
  overrides: Partial<typeof aceUsers.$inferInsert> = {},
): Promise<{ user: typeof aceUsers.$inferSelect; token: string }> {
  sequence += 1;
  const [user] = await db
    .insert(aceUsers)
    .values({
      email: `partner${sequence}-${Math.random().toString(36).slice(2, 8)}@example.com`,
      password_hash: "not-a-real-hash",
      company: "Test Hardware Co",
      contact_name: "Pat Partner",
      status: "approved",
      ...overrides,
    })
    .returning();
  if (!user) throw new Error("insert failed");
  const token = randomBytes(32).toString("base64url");
  await db.insert(aceSessions).values({
    user_id: user.id,
    token_hash: hashToken(token),
    expires_at: new Date(Date.now() + 3_600_000),
  });
  return { user, token };
}

/** A complete, valid payment request for these cart lines. */
export function buildPaymentRequest(
  cartItems: Array<{ product_id: number; quantity: number; lot_id?: number | null }>,
  overrides: Record<string, unknown> = {},
) {
  sequence += 1;
  return {
    cart_items: cartItems,
    customer_name: "Jordan Buyer",
    customer_email: `buyer${sequence}@example.com`,
    customer_phone: "(205) 555-0199",
    billing_address: {
      street: "100 Main St",
      city: "Birmingham",
      state: "AL",
      zip_code: "35203",
      country: "US",
    },
    shipping_address: null,
    // The shopper ticked "closeouts are final sale" (needed only when the cart holds closeouts).
    final_sale_acknowledged: true,
    ...overrides,
  };
}

let orderSequence = 0;

export interface OrderFactoryOverrides extends Partial<typeof orders.$inferInsert> {
  /** Lines of the order: products (with quantities) it holds. Defaults to no lines. */
  /** A line of `kind: "sample"` is free samples (no box stock, no price). */
  lines?: Array<{
    product: typeof products.$inferSelect;
    quantity: number;
    kind?: "box" | "sample";
  }>;
}

/**
 * An order as checkout leaves it once paid (status processing, payment paid, stock committed);
 * override any column, and pass `lines` to add items at their products' public price.
 */
export async function createOrder(db: Db, overrides: OrderFactoryOverrides = {}) {
  orderSequence += 1;
  const { lines = [], ...columns } = overrides;
  const itemValues = lines.map(({ product, quantity, kind = "box" }) => {
    const unitCents = kind === "sample" ? 0 : (publicPriceOf(product).perBoxCents ?? 0);
    const sqft = kind === "sample" ? 0 : Number(product.sqft_per_carton ?? 0);
    return {
      product_id: product.id,
      product_name: product.name,
      sku: product.sku,
      quantity,
      unit_price_cents: unitCents,
      total_price_cents: unitCents * quantity,
      sqft_per_box: sqft.toFixed(2),
      total_sqft: (sqft * quantity).toFixed(2),
      brand: product.brand,
      collection: product.collection,
      type: product.type,
      color: product.color,
      kind,
    };
  });
  const subtotalCents = itemValues.reduce((sum, item) => sum + item.total_price_cents, 0);
  // Alabama's 10% on the merchandise, and one pallet at the default rate.
  const taxCents = multiplyCents(subtotalCents, salesTaxRates.AL ?? 0);
  const shippingCents = shippingDefaults.palletShippingCostCents;
  const address = {
    street: "1 Main St",
    city: "Birmingham",
    state: "AL",
    zip_code: "35203",
    country: "US",
  };
  const shipped =
    columns.status === "shipped" || columns.status === "delivered" || Boolean(columns.shipped_at);
  const [order] = await db
    .insert(orders)
    .values({
      friendly_order_id: `MCF-T${String(orderSequence).padStart(4, "0")}-${Math.random().toString(36).slice(2, 6).toUpperCase()}`,
      status: "processing",
      payment_status: "paid",
      stock_status: shipped ? "shipped" : "committed",
      payment_provider: "test",
      payment_session_id: `test_session_${orderSequence}_${Math.random().toString(36).slice(2, 10)}`,
      payment_expires_at: new Date(Date.now() + 30 * 60_000),
      paid_at: new Date(),
      tracking_token: randomBytes(24).toString("base64url"),
      customer_name: "Jordan Carter",
      customer_email: `customer${orderSequence}@example.com`,
      customer_phone: "205-555-0100",
      billing_address: address,
      shipping_address: null,
      subtotal_cents: subtotalCents,
      shipping_cost_cents: shippingCents,
      tax_amount_cents: taxCents,
      total_amount_cents: subtotalCents + taxCents + shippingCents,
      total_sqft: itemValues.reduce((sum, item) => sum + Number(item.total_sqft), 0).toFixed(2),
      total_cartons: itemValues.reduce(
        (sum, item) => sum + (item.kind === "box" ? item.quantity : 0),
        0,
      ),
      pallets_needed: itemValues.some((item) => item.kind === "box") ? 1 : 0,
      ...columns,
    })
    .returning();
  if (!order) throw new Error("insert failed");
  if (itemValues.length > 0) {
    await db.insert(orderItems).values(itemValues.map((item) => ({ ...item, order_id: order.id })));
  }
  // A paid order's payment is in its ledger, as markPaid records it.
  const paidCents = order.total_amount_cents;
  if (order.payment_status === "paid" && paidCents > 0)
    await db.insert(orderPayments).values({
      order_id: order.id,
      kind: "charge",
      amount_cents: paidCents,
      provider: order.payment_provider,
      provider_id: order.payment_session_id ?? `order:${order.id}`,
      created_at: order.paid_at ?? order.created_at,
    });
  // An order that holds boxes holds them on top of the product's stock, as if they had been in
  // the building and taken by its checkout: on hand and allocated (or reserved) up, available kept.
  if (order.stock_status === "committed" || order.stock_status === "reserved") {
    const held = itemValues.flatMap((item) =>
      item.kind === "box" ? [{ productId: item.product_id, quantity: item.quantity }] : [],
    );
    await openStock(db, held, { reference: "Test order's boxes" });
    await takeAgain(db, held, order.stock_status === "committed" ? "allocated" : "reserved", {
      orderId: order.id,
      reference: `Order ${order.friendly_order_id}`,
    });
  }
  return order;
}

/** A project inquiry as the installation form stores it; override any field. */
export async function createInquiry(
  db: Db,
  overrides: Partial<typeof projectInquiries.$inferInsert> = {},
) {
  sequence += 1;
  const [row] = await db
    .insert(projectInquiries)
    .values({
      name: `Jordan Test ${sequence}`,
      email: `jordan${sequence}@example.com`,
      phone: "(205) 555-0100",
      address: "123 Oak Street, Homewood, AL 35209",
      property_type: "Residential",
      acting_as: "Homeowner",
      flooring_type: ["Hardwood"],
      square_footage: 400,
      timeline: "Within 1 month",
      ...overrides,
    })
    .returning();
  if (!row) throw new Error("insert failed");
  return row;
}
