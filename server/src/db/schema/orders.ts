import { sellingUnits } from "@mcf/contracts/accessories";
import { type CartItemKind, cartItemKinds } from "@mcf/contracts/cart-kinds";
import {
  type DeliveryMethod,
  deliveryMethods,
  type FreightServiceId,
  type SiteAccess,
} from "@mcf/contracts/delivery";
import { orderStatuses, paymentStatuses } from "@mcf/contracts/orders";
import { type OrderPurpose, orderPurposes } from "@mcf/contracts/orders-options";
import { returnStatuses } from "@mcf/contracts/returns";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { productLots, products } from "./catalog.ts";
import { centsColumn, decimalColumn, timestamps } from "./columns.ts";
import { aceUsers } from "./partners.ts";

/** Which payment of an installation job an order is. */
export const installPayments = ["deposit", "balance"] as const;
export type InstallPayment = (typeof installPayments)[number];

/**
 * Whether an order holds boxes: reserved while unpaid, committed (allocated) once paid, released
 * when they went back to be sold, shipped once they left the building (shipped or picked up).
 */
export const stockStatuses = ["reserved", "committed", "released", "shipped"] as const;
export type StockStatus = (typeof stockStatuses)[number];

/** `column in ('a', 'b', ...)`: the check that keeps a text column inside its tuple. */
const oneOf = (column: unknown, values: readonly string[]) =>
  sql`${column} in (${sql.raw(values.map((value) => `'${value}'`).join(", "))})`;

export interface PostalAddress {
  street: string;
  city: string;
  state: string;
  zip_code: string;
  country: string;
}

export interface StoredDeliveryAnswers {
  site_access: SiteAccess | null;
  stairs: boolean | null;
  appointment_phone: string | null;
}

export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    friendly_order_id: text("friendly_order_id").notNull().unique(),
    status: text("status", { enum: orderStatuses }).notNull().default("pending"),
    payment_status: text("payment_status", { enum: paymentStatuses }).notNull().default("unpaid"),
    stock_status: text("stock_status", { enum: stockStatuses }).notNull().default("reserved"),
    payment_provider: text("payment_provider").notNull(),
    payment_session_id: text("payment_session_id").unique(),
    payment_expires_at: timestamp("payment_expires_at", {
      withTimezone: true,
      mode: "date",
    }).notNull(),
    paid_at: timestamp("paid_at", { withTimezone: true, mode: "date" }),
    /** goods, or installation (a job's deposit or balance): see orderPurposes. */
    purpose: text("purpose").$type<OrderPurpose>().notNull().default("goods"),
    /**
     * An installation order: its job, and whether it pays the deposit or the balance, so a
     * superseded one paid later still reaches the job (null on goods, and on installation orders
     * superseded before orders named their job).
     */
    install_job_id: integer("install_job_id"),
    install_payment: text("install_payment", { enum: installPayments }).$type<InstallPayment>(),
    /** Paid after its reservation expired and stock ran short: staff must look. */
    needs_attention: boolean("needs_attention").notNull().default(false),
    tracking_token: text("tracking_token").notNull().unique(),
    customer_name: text("customer_name").notNull(),
    customer_email: text("customer_email").notNull(),
    customer_phone: text("customer_phone").notNull(),
    billing_address: jsonb("billing_address").$type<PostalAddress>().notNull(),
    shipping_address: jsonb("shipping_address").$type<PostalAddress | null>(),
    partner_user_id: uuid("partner_user_id").references(() => aceUsers.id, {
      onDelete: "set null",
    }),
    coupon_code: text("coupon_code"),
    subtotal_cents: centsColumn("subtotal_cents").notNull(),
    discount_amount_cents: centsColumn("discount_amount_cents").notNull().default(0),
    shipping_cost_cents: centsColumn("shipping_cost_cents").notNull(),
    tax_amount_cents: centsColumn("tax_amount_cents").notNull(),
    total_amount_cents: centsColumn("total_amount_cents").notNull(),
    total_sqft: decimalColumn("total_sqft").notNull(),
    total_cartons: integer("total_cartons").notNull(),
    pallets_needed: integer("pallets_needed").notNull(),
    confirmation_sent_at: timestamp("confirmation_sent_at", { withTimezone: true, mode: "date" }),
    shipping_carrier: text("shipping_carrier"),
    tracking_number: text("tracking_number"),
    shipped_at: timestamp("shipped_at", { withTimezone: true, mode: "date" }),
    shipping_notes: text("shipping_notes"),
    /** How the order reaches the customer, chosen at checkout (orders before it: freight). */
    delivery_method: text("delivery_method", { enum: deliveryMethods })
      .$type<DeliveryMethod>()
      .notNull()
      .default("freight"),
    /** The freight extras chosen and paid for. */
    delivery_services: jsonb("delivery_services").$type<FreightServiceId[]>().notNull().default([]),
    /** The questions the carrier needs answered, as the customer answered them. */
    delivery_answers: jsonb("delivery_answers").$type<StoredDeliveryAnswers>(),
    /** YYYY-MM-DD: ready for pickup, or the delivery estimated at checkout. */
    delivery_estimated_date: text("delivery_estimated_date"),
    /** YYYY-MM-DD: the delivery appointment the carrier or our driver set with the customer. */
    delivery_appointment_date: text("delivery_appointment_date"),
    /** The time window of that appointment as the carrier gave it ("8 AM – 12 PM"). */
    delivery_appointment_window: text("delivery_appointment_window"),

    /**
    /** Stamped when the order becomes delivered: the sample follow-up counts its days from it. */
    delivered_at: timestamp("delivered_at", { withTimezone: true, mode: "date" }),
    /** When staff ticked the order's samples off the "samples to send" list. */
    samples_sent_at: timestamp("samples_sent_at", { withTimezone: true, mode: "date" }),
    /** A pickup order: when staff told the customer it is ready at the showroom. */
    ready_for_pickup_at: timestamp("ready_for_pickup_at", { withTimezone: true, mode: "date" }),
    /** A pickup order: when it was collected, who collected it, and the staff member present. */
    picked_up_at: timestamp("picked_up_at", { withTimezone: true, mode: "date" }),
    picked_up_by: text("picked_up_by"),
    pickup_staff: text("pickup_staff"),
    ...timestamps,
  },
  (t) => [
    index("orders_created_idx").on(t.created_at),
    // The dashboard's sales by day read paid orders by the day they were paid.
    index("orders_paid_at_idx").on(t.paid_at).where(sql`${t.payment_status} = 'paid'`),
    index("orders_status_idx").on(t.status),
    index("orders_pending_expiry_idx")
      .on(t.payment_expires_at)
      .where(sql`${t.payment_status} = 'unpaid'`),
    check("orders_status_check", oneOf(t.status, orderStatuses)),
    check("orders_purpose_check", oneOf(t.purpose, orderPurposes)),
    check("orders_install_payment_check", oneOf(t.install_payment, installPayments)),
    check("orders_payment_status_check", oneOf(t.payment_status, paymentStatuses)),
    check("orders_stock_status_check", oneOf(t.stock_status, stockStatuses)),
    check("orders_delivery_method_check", oneOf(t.delivery_method, deliveryMethods)),
  ],
);

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;

export const orderItems = pgTable(
  "order_items",
  {
    id: serial("id").primaryKey(),
    order_id: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    product_id: integer("product_id").references(() => products.id, { onDelete: "set null" }),
    product_name: text("product_name").notNull(),
    sku: text("sku"),
    quantity: integer("quantity").notNull(),
    unit_price_cents: centsColumn("unit_price_cents").notNull(),
    total_price_cents: centsColumn("total_price_cents").notNull(),
    sqft_per_box: decimalColumn("sqft_per_box").notNull(),
    total_sqft: decimalColumn("total_sqft").notNull(),
    /** public | partner */
    price_source: text("price_source").notNull().default("public"),
    /** A closeout when bought: final sale, never returned. */
    final_sale: boolean("final_sale").notNull().default(false),
    image_url: text("image_url"),
    color: text("color"),
    brand: text("brand"),
    collection: text("collection"),
    type: text("type"),
    /** Boxes of flooring, or samples (which never touch box stock or pallets). */
    kind: text("kind", { enum: cartItemKinds }).$type<CartItemKind>().notNull().default("box"),
    /** The product had dye lots but no single lot could cover the line: staff are warned. */
    lot_short: boolean("lot_short").notNull().default(false),
    /** The unit sold: boxes of flooring, or an accessory's pieces, rolls or pails. */
    selling_unit: text("selling_unit", { enum: sellingUnits }).notNull().default("box"),
    /**
     * Boxes staff cancelled before the order shipped (refunded): the order still holds, ships or
     * takes again only `quantity - cancelled_quantity`.
     */
    cancelled_quantity: integer("cancelled_quantity").notNull().default(0),
    /**
     * Boxes of the line an open purchase order will bring (a backorder): not held in stock until
     * a receipt allocates them, so the order holds `quantity - cancelled_quantity -
     * backordered_boxes`.
     */
    backordered_boxes: integer("backordered_boxes").notNull().default(0),
    /**
     * What one box of the product cost the store when the order was placed, in cents: the margin
     * of a sale stays what it was when the product's cost changes later. Null on lines of orders
     * placed before it was kept (their margin falls back to the product's cost) and on lines of
     * products without a cost.
     */
    cost_per_box_cents: integer("cost_per_box_cents"),
  },
  (t) => [
    index("order_items_order_idx").on(t.order_id),
    index("order_items_samples_idx").on(t.order_id).where(sql`${t.kind} = 'sample'`),
    check("order_items_kind_check", oneOf(t.kind, cartItemKinds)),
    check("order_items_selling_unit_check", oneOf(t.selling_unit, sellingUnits)),
    check(
      "order_items_cancelled_in_range",
      sql`${t.cancelled_quantity} >= 0 AND ${t.cancelled_quantity} <= ${t.quantity}`,
    ),
    check(
      "order_items_backordered_in_range",
      sql`${t.backordered_boxes} >= 0 AND ${t.backordered_boxes} + ${t.cancelled_quantity} <= ${t.quantity}`,
    ),
    index("order_items_backordered_idx").on(t.product_id).where(sql`${t.backordered_boxes} > 0`),
    check("order_items_cost_per_box_not_negative", sql`${t.cost_per_box_cents} >= 0`),
  ],
);

/**
 * Where a box line's boxes came from: one row per dye lot it took from (one when a lot covered
 * it). `returned_boxes` counts the boxes put back into the lot (cancel, expiry, refund), so none
 * goes back twice. The code is kept as sold, so a lot deleted later still reads the same.
 */
export const orderItemLots = pgTable(
  "order_item_lots",
  {
    id: serial("id").primaryKey(),
    order_item_id: integer("order_item_id")
      .notNull()
      .references(() => orderItems.id, { onDelete: "cascade" }),
    lot_id: integer("lot_id").references(() => productLots.id, { onDelete: "set null" }),
    lot_code: text("lot_code").notNull(),
    boxes: integer("boxes").notNull(),
    returned_boxes: integer("returned_boxes").notNull().default(0),
  },
  (t) => [
    index("order_item_lots_item_idx").on(t.order_item_id),
    check("order_item_lots_boxes_positive", sql`${t.boxes} > 0`),
    check(
      "order_item_lots_returned_in_range",
      sql`${t.returned_boxes} >= 0 AND ${t.returned_boxes} <= ${t.boxes}`,
    ),
  ],
);

export type OrderItemLotRow = typeof orderItemLots.$inferSelect;

/**
 * Unopened boxes a customer asked to send back. Staff approve it with instructions, record per
 * line the boxes received (restocked or written off), then refund; or decline it. The amounts are
 * those of the boxes asked back until the boxes are received, then of the boxes received.
 */
export const orderReturns = pgTable(
  "order_returns",
  {
    id: serial("id").primaryKey(),
    order_id: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    status: text("status", { enum: returnStatuses }).notNull().default("requested"),
    reason: text("reason").notNull(),
    /** The lines and boxes asked back, with each line's unit price as paid. */
    lines: jsonb("lines").$type<StoredReturnLine[]>().notNull(),
    merchandise_cents: centsColumn("merchandise_cents").notNull(),
    discount_cents: centsColumn("discount_cents").notNull(),
    tax_cents: centsColumn("tax_cents").notNull(),
    restocking_fee_cents: centsColumn("restocking_fee_cents").notNull(),
    refund_total_cents: centsColumn("refund_total_cents").notNull(),
    /** The payment provider's id of the refund (the test provider's own for test payments). */
    refund_id: text("refund_id"),
    refunded_at: timestamp("refunded_at", { withTimezone: true, mode: "date" }),
    staff_note: text("staff_note"),
    /** The restocking fee the customer was told when asking; the refund keeps to it. */
    restocking_fee_percent: numeric("restocking_fee_percent", {
      precision: 5,
      scale: 2,
      mode: "number",
    }).notNull(),
    /** How to send the boxes back (a carrier label, a drop-off), emailed when approved. */
    instructions: text("instructions"),
    approved_at: timestamp("approved_at", { withTimezone: true, mode: "date" }),
    /** Every line received (each line's count is in `lines`). */
    received_at: timestamp("received_at", { withTimezone: true, mode: "date" }),
    /** Staff refunded before the boxes came back, and why (the audit log has who). */
    refund_before_receipt_reason: text("refund_before_receipt_reason"),
    ...timestamps,
  },
  (t) => [
    index("order_returns_order_idx").on(t.order_id),
    check("order_returns_status_check", oneOf(t.status, returnStatuses)),
  ],
);

export interface StoredReturnLine {
  order_item_id: number;
  product_id: number | null;
  product_name: string;
  quantity: number;
  unit_price_cents: number;
  /** Set once, when the line's boxes are received: sellable again or written off as damaged. */
  received?: { restocked: number; written_off: number };
}

export type OrderReturnRow = typeof orderReturns.$inferSelect;

/**
 * The one follow-up email of a delivered sample order: the primary key makes it once per order;
 * the link's token is kept only as a hash.
 */
export const sampleFollowUps = pgTable("sample_follow_ups", {
  order_id: uuid("order_id")
    .primaryKey()
    .references(() => orders.id, { onDelete: "cascade" }),
  token_hash: text("token_hash").notNull().unique(),
  queued_at: timestamp("queued_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});
