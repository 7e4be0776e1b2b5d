import { accessoryKinds, sellingUnits } from "./accessories.ts";
import "./zod-without-eval.ts";
import { z } from "zod";
import { cartItemKinds } from "./cart-kinds.ts";
import { rowIdParam } from "./ids.ts";
import { orderLineLotSchema } from "./lots.ts";
import {
  orderAmountsShape,
  orderDeliverySchema,
  orderPurposes,
  orderStatuses,
  paymentStatuses,
  shippingCarriers,
} from "./orders.ts";
import { adminProductSchema } from "./product.ts";
import { fulfillmentLabelSchema, orderPickupSchema, orderShipmentSchema } from "./shipments.ts";

/** Query-string booleans: "true"/"1" are true, "false"/"0"/absent are false. */
const queryBoolean = z
  .union([z.boolean(), z.enum(["true", "false", "1", "0"])])
  .transform((v) => v === true || v === "true" || v === "1");

export const pingResponseSchema = z.object({ ok: z.literal(true) });

// ---------------------------------------------------------------- orders

/** Admin order limits. */
export const adminOrderListLimit = 100;
export const adminProductListLimit = 1000;

export const adminOrderListQuerySchema = z.object({
  include_items: queryBoolean.default(false),
  limit: z.coerce.number().int().min(1).max(adminOrderListLimit).default(adminOrderListLimit),
  offset: z.coerce.number().int().min(0).default(0),
  /** One status; cancelled orders are hidden unless asked for by status. */
  status: z.enum(orderStatuses).optional(),
  /** Only orders flagged for staff (paid after their reservation expired with stock short). */
  needs_attention: queryBoolean.default(false),
  /**
   * Search words: an order matches when its order number, customer name, email or phone holds
   * the text (case-insensitive; a phone also matches by its digits alone).
   */
  q: z.string().trim().max(100).optional(),
});

const adminAddressSchema = z.object({
  street: z.string(),
  city: z.string(),
  state: z.string(),
  zip_code: z.string(),
  country: z.string(),
});

export const adminOrderItemSchema = z.object({
  /** The line's own id: the address of its dye lot (`/api/admin/orders/{id}/items/{itemId}/lot`). */
  order_item_id: z.number().int(),
  product_id: z.number().int().nullable(),
  product_name: z.string(),
  sku: z.string().nullable(),
  quantity: z.number().int(),
  unit_price: z.number(),
  total_price: z.number(),
  total_sqft: z.number(),
  /** Samples get their own badge: they are cut and mailed, not picked from box stock. */
  kind: z.enum(cartItemKinds),
  /** The dye lot(s) the boxes came from, and the warning when no single lot covered them. */
  ...orderLineLotSchema.partial().shape,
  /**
   * The line's product has dye lots now, so staff may choose one for the line: also for a line
   * sold before the product had any, which came from no lot.
   */
  product_has_lots: z.boolean().optional(),
  /** What was sold: boxes of flooring, or an accessory's pieces, rolls or pails. */
  selling_unit: z.enum(sellingUnits),
  /** Boxes staff cancelled (and refunded) before the order shipped; the rest still go. */
  cancelled_quantity: z.number().int().optional(),
  /**
   * Boxes of the line an open purchase order will bring (a backorder), not yet allocated: the
   * receipt of the purchase order allocates them, oldest order first.
   */
  backordered_boxes: z.number().int().optional(),
});

/** An order as staff see it, plus what the detail panel shows. */
/** One row of an order's payments ledger: money taken (charge) or given back (refund). */
export const orderPaymentSchema = z.object({
  kind: z.enum(["charge", "refund"]),
  /** Dollars, as every amount of the admin order answer. */
  amount: z.number(),
  /** The provider that moved the money: "test" (the built-in test page) or "stripe". */
  provider: z.string(),
  /** The provider's id: the payment session of a charge, the refund's id of a refund. */
  provider_id: z.string(),
  /** The staff member who gave a refund; null for the customer's payment. */
  staff: z.string().nullable(),
  reason: z.string().nullable(),
  created_at: z.string(),
});
export type OrderPayment = z.infer<typeof orderPaymentSchema>;

export const adminOrderSchema = z.object({
  order_id: z.string(),
  friendly_order_id: z.string(),
  customer_name: z.string(),
  customer_email: z.string(),
  customer_phone: z.string(),
  billing_address: adminAddressSchema,
  shipping_address: adminAddressSchema.nullable(),
  ...orderAmountsShape,
  status: z.enum(orderStatuses),
  payment_status: z.enum(paymentStatuses),
  needs_attention: z.boolean(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  shipping_carrier: z.string().nullable(),
  tracking_number: z.string().nullable(),
  tracking_url: z.string().nullable(),
  shipped_at: z.string().nullable(),
  shipping_notes: z.string().nullable(),
  /** YYYY-MM-DD: the delivery appointment set with the customer, and its time window. */
  delivery_appointment_date: z.string().nullable(),
  delivery_appointment_window: z.string().nullable(),
  /** The delivery chosen at checkout, with the extras paid for and the driver's answers. */
  delivery: orderDeliverySchema,
  /** goods, or installation (a job's deposit or balance: nothing to ship, pick up or track). */
  purpose: z.enum(orderPurposes),
  items: z.array(adminOrderItemSchema).optional(),
  /**
   * Why staff can no longer move this order's boxes to another dye lot (it shipped, was
   * cancelled, or no longer holds its stock); null while they can.
   */
  lot_change_refusal: z.string().nullable(),
  /** When staff ticked its samples off the "samples to send" list; null until then. */
  samples_sent_at: z.string().nullable(),
  /**
   * Why staff cannot move this cancelled order to any other status (its payment was refunded);
   * null while they can.
   */
  reopen_refusal: z.string().nullable().optional(),
  /** The provider that takes (and refunds) this order's payment: "test" or "stripe". */
  payment_provider: z.string(),
  /** The payments ledger, oldest first (one order's answer; the list leaves it out). */
  payments: z.array(orderPaymentSchema).optional(),
  /**
   * Dollars the customer still owes, from the ledger: the total less what was charged while the
   * order stands, nothing once it is cancelled. Negative: money the store owes back (a cancelled
   * order not refunded yet). One order's answer; the list leaves it out.
   */
  balance: z.number().optional(),
  /** Dollars the customer paid and has not had back: the most a refund can be. */
  refundable: z.number().optional(),
  /** The parts the order shipped in, oldest first (one order's answer; the list leaves it out). */
  shipments: z.array(orderShipmentSchema).optional(),
  /** Per order line (order_item_id → boxes): what is left to ship; empty once all left. */
  boxes_to_ship: z.record(z.string(), z.number().int()).optional(),
  /**
   * Per order line (order_item_id → boxes): of those left to ship, the boxes a shipment may take
   * now (the order holds them); a line's backordered boxes wait for the purchase order.
   */
  boxes_ready_to_ship: z.record(z.string(), z.number().int()).optional(),
  /** A pickup order's ready and picked-up facts; null for an order that is shipped. */
  pickup: orderPickupSchema.nullable().optional(),
  /** The finer state beside the status ("Partly shipped", "Ready for pickup", "Picked up"). */
  fulfillment_label: fulfillmentLabelSchema.optional(),
  /** From the ledger, in dollars: what the customer paid (charges), what went back, paid less refunded. */
  paid: z.number().optional(),
  refunded: z.number().optional(),
  net: z.number().optional(),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

/** A paid order whose samples wait to be cut and mailed, on the "samples to send" list. */
export const sampleToSendSchema = z.object({
  order_id: z.string(),
  friendly_order_id: z.string(),
  customer_name: z.string(),
  ship_to: z.string(),
  paid_at: z.string().nullable(),
  samples: z.array(
    z.object({ product_name: z.string(), sku: z.string().nullable(), quantity: z.number().int() }),
  ),
});
export type SampleToSend = z.infer<typeof sampleToSendSchema>;
export const samplesToSendListSchema = z.object({ orders: z.array(sampleToSendSchema) });

/** `POST /api/admin/orders/{id}/sample-follow-up`: the follow-up email is queued. */
export const sampleFollowUpSentSchema = z.object({ detail: z.string() });

export const adminOrderListSchema = z.object({ orders: z.array(adminOrderSchema) });

/**
 * An order id in a staff URL. Any text is accepted here: an id of another shape cannot exist, so
 * the orders module answers it 404 "Order not found" like any unknown id, never 422.
 */
export const orderIdParamsSchema = z.object({
  id: z.string().describe("The order's id (a UUID); any other id is not found"),
});

/** One line of an order in a staff URL (the order id as above, the line's own id). */
export const orderItemParamsSchema = orderIdParamsSchema.extend({
  itemId: rowIdParam().describe("The line's order_item_id"),
});

export const orderStatusUpdateSchema = z.object({
  status: z.enum(orderStatuses, {
    message: `Status must be one of: ${orderStatuses.join(", ")}`,
  }),
  send_email: z.boolean().default(false),
});

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

/** A calendar date (YYYY-MM-DD) that exists. */
const calendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "The appointment date must be a date (YYYY-MM-DD)")
  .refine((value) => {
    const date = new Date(`${value}T12:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, "The appointment date is not a real date");

/**
 * A shipping update. shipped_at is an ISO timestamp (stored as UTC). The notes are the staff's
 * note to the customer: /track and the shipped email show them.
 */
export const shippingUpdateSchema = z
  .object({
    shipping_carrier: z
      .enum(shippingCarriers, { message: `Carrier must be one of: ${shippingCarriers.join(", ")}` })
      .nullish()
      .transform((v) => v ?? null),
    tracking_number: optionalText(100).refine(
      (v) => v === null || /^[A-Za-z0-9][A-Za-z0-9 -]*$/.test(v),
      "The tracking or PRO number may contain only letters, digits, spaces and dashes",
    ),
    shipped_at: z
      .union([
        z.iso.datetime({ offset: true, message: "shipped_at must be an ISO date-time" }),
        z.literal(""),
      ])
      .nullish()
      .transform((v) => (v ? v : null)),
    shipping_notes: optionalText(2000),
    delivery_appointment_date: z
      .union([calendarDate, z.literal("")])
      .nullish()
      .transform((v) => (v ? v : null)),
    delivery_appointment_window: optionalText(60),
    mark_shipped: z.boolean().default(false),
    send_email: z.boolean().default(false),
  })
  .refine((update) => !update.delivery_appointment_window || update.delivery_appointment_date, {
    message: "Choose the appointment date for that time window",
    path: ["delivery_appointment_date"],
  });
export type ShippingUpdate = z.input<typeof shippingUpdateSchema>;

export const orderActionResponseSchema = z.object({
  order: adminOrderSchema,
  email_queued: z.boolean(),
});

// ---------------------------------------------------------------- products

export const adminProductListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(adminProductListLimit).default(adminProductListLimit),
  offset: z.coerce.number().int().min(0).default(0),
  search: z.string().trim().max(200).optional(),
});

export const adminProductListSchema = z.object({ products: z.array(adminProductSchema) });

/** Empty strings from a form become null, so "empty numbers → null" holds for any client. */
const emptyToNull = (value: unknown) =>
  value === "" || (typeof value === "string" && value.trim() === "") ? null : value;

/** Dollars with at most two decimals, stored as integer cents (at most $21,474,836.47). */
const moneyField = z.preprocess(
  emptyToNull,
  z.coerce
    .number({ message: "Must be a number" })
    .min(0, "Must be 0 or more")
    .max(21_474_836.47, "Too large")
    .multipleOf(0.01, "At most two decimals")
    .nullable(),
);
const decimal = z.preprocess(
  emptyToNull,
  z.coerce
    .number({ message: "Must be a number" })
    .min(0, "Must be 0 or more")
    .max(99_999_999)
    .nullable(),
);
/** Square feet a box, roll or pail covers: one that covers nothing has no price and no count. */
const coverage = z.preprocess(
  emptyToNull,
  z.coerce
    .number({ message: "Must be a number" })
    .gt(0, "Must be more than 0")
    .max(99_999_999)
    .nullable(),
);
const wholeNumber = z.preprocess(
  emptyToNull,
  z.coerce
    .number({ message: "Must be a number" })
    .int("Must be a whole number")
    .min(0, "Must be 0 or more")
    .max(2_000_000_000)
    .nullable(),
);
const text = (max = 500) =>
  z.preprocess(
    (v) => (typeof v === "string" ? (v.trim() === "" ? null : v.trim()) : v),
    z.string().max(max, "Too long").nullable(),
  );

/**
 * Every product field the editor may send. price_per_box is not here: it is derived from
 * our_price × sqft_per_carton and any value sent is dropped.
 */
export const productFieldsSchema = z.object({
  name: z.string({ message: "Name is required" }).trim().min(1, "Name is required").max(200),
  brand: text(),
  type: z.preprocess(
    (v) => (typeof v === "string" ? (v.trim() === "" ? null : v.trim().toLowerCase()) : v),
    z.string().max(50).nullable(),
  ),
  construction: text(),
  collection: text(),
  style_color: text(),
  color: text(),
  color_code: text(50),
  size: text(),
  description: text(10_000),
  sku: text(100),
  our_price: moneyField,
  competitor_price: moneyField,
  ace_price: moneyField,
  ace_shown_price: moneyField,
  msrp: moneyField,
  /** Sq ft one box of flooring covers: a box of 0 sq ft would have no price per box. */
  sqft_per_carton: coverage,
  cartons_per_pallet: wholeNumber,
  pallet_shipping_cost: moneyField,
  box_weight_lbs: decimal,
  reorder_point: wholeNumber,
  /**
   * Dollars one box cost us; a receipt sets it too. Optional even in a full replace: a form that
   * does not show it keeps the cost.
   */
  cost_per_box: moneyField.optional(),
  stock_quantity: z.preprocess(
    (v) => (v === null ? 0 : emptyToNull(v) === null ? 0 : v),
    z.coerce
      .number({ message: "Must be a number" })
      .int("Must be a whole number")
      .min(0, "Must be 0 or more")
      .max(2_000_000_000),
  ),
  overall_thickness: text(),
  wear_layer_thickness: text(),
  thumbnail_image_url: text(2000),
  main_image_url: text(2000),
  secondary_image_url: text(2000),
  image_url: text(2000),
  features: z.record(z.string().max(100), z.union([z.boolean(), z.string().max(1000), z.number()])),
  specifications: z.record(z.string().max(100), z.string().max(1000)),
  is_closeout: z.boolean(),
  /** Whether shoppers may order a free sample of it. */
  samples_available: z.boolean(),
  /** "box" for flooring; an accessory's "piece", "roll" or "pail" (our_price is then per unit). */
  selling_unit: z.enum(sellingUnits, {
    message: `Selling unit must be one of ${sellingUnits.join(", ")}`,
  }),
  /** The accessory's kind; empty for flooring. */
  accessory_kind: z.preprocess(
    emptyToNull,
    z
      .enum(accessoryKinds, {
        message: `Accessory kind must be one of ${accessoryKinds.join(", ")}`,
      })
      .nullable(),
  ),
  /** Sq ft one roll or pail covers: a roll that covers nothing would make every quantity infinite. */
  unit_coverage_sqft: coverage,
  /** Flooring types the accessory suits; empty: every type. */
  fits_types: z.array(z.string().trim().toLowerCase().min(1).max(50)).max(10).nullable(),
});
export type ProductFields = z.output<typeof productFieldsSchema>;

/** POST: name required, everything else optional (missing means empty). */
export const productCreateSchema = productFieldsSchema.partial().required({ name: true });
export type ProductCreate = z.input<typeof productCreateSchema>;
/** PATCH: any subset. PUT uses productCreateSchema (a full replace: missing fields are cleared). */
export const productPatchSchema = productFieldsSchema.partial();
export type ProductPatch = z.input<typeof productPatchSchema>;

// ---------------------------------------------------------------- CSV import

export const productImportRequestSchema = z.object({
  csv: z.string().min(1, "The CSV file is empty").max(5_000_000, "The CSV file is too large"),
  dry_run: z.boolean().default(true),
});

export const productImportRowSchema = z.object({
  /** The row's line in the file (the header is line 1). */
  line: z.number().int(),
  action: z.enum(["create", "update", "unchanged", "error"]),
  product_id: z.number().int().nullable(),
  sku: z.string().nullable(),
  name: z.string().nullable(),
  changes: z.array(z.object({ field: z.string(), before: z.unknown(), after: z.unknown() })),
  errors: z.array(z.string()),
});
export type ProductImportRow = z.infer<typeof productImportRowSchema>;

export const productImportResultSchema = z.object({
  dry_run: z.boolean(),
  applied: z.boolean(),
  summary: z.object({
    create: z.number().int(),
    update: z.number().int(),
    unchanged: z.number().int(),
    error: z.number().int(),
  }),
  rows: z.array(productImportRowSchema),
});
export type ProductImportResult = z.infer<typeof productImportResultSchema>;

// ---------------------------------------------------------------- coupons

export const couponKinds = ["percent", "fixed"] as const;

export const adminCouponSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  description: z.string().nullable(),
  kind: z.enum(couponKinds),
  value: z.number(),
  min_subtotal: z.number(),
  expires_at: z.string().nullable(),
  usage_limit: z.number().int().nullable(),
  /** One use per customer: an email that paid with it (or holds it in an open checkout) cannot again. */
  once_per_customer: z.boolean(),
  times_used: z.number().int(),
  /** Orders placed with the code (paid or not). */
  orders_count: z.number().int(),
  active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminCoupon = z.infer<typeof adminCouponSchema>;

const couponFields = z.object({
  code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9_-]{3,32}$/, "Code must be 3-32 letters, digits, - or _"),
  description: optionalText(300),
  kind: z.enum(couponKinds, { message: "Kind must be percent or fixed" }),
  value: z.coerce
    .number({ message: "Value must be a number" })
    .positive("Value must be more than 0")
    .max(100_000),
  min_subtotal: z
    .preprocess(
      emptyToNull,
      z.coerce.number().min(0, "Minimum subtotal must be 0 or more").max(10_000_000).nullable(),
    )
    .optional(),
  expires_at: z
    .preprocess(
      emptyToNull,
      z.iso.date({ message: "Expiry must be a date (YYYY-MM-DD)" }).nullable(),
    )
    .optional(),
  usage_limit: z
    .preprocess(
      emptyToNull,
      z.coerce
        .number()
        .int("Usage limit must be a whole number")
        .min(1, "Usage limit must be 1 or more")
        .nullable(),
    )
    .optional(),
  once_per_customer: z.boolean().optional(),
  active: z.boolean().default(true),
});

const percentRule = (c: { kind?: string; value?: number }) =>
  !(c.kind === "percent" && (c.value ?? 0) > 100);
const percentMessage = { message: "A percent discount cannot exceed 100", path: ["value"] };

export const couponCreateSchema = couponFields.refine(percentRule, percentMessage);
export type CouponCreate = z.input<typeof couponCreateSchema>;
export const couponPatchSchema = couponFields.partial().refine(percentRule, percentMessage);
export type CouponPatch = z.input<typeof couponPatchSchema>;
export const couponListSchema = z.object({ coupons: z.array(adminCouponSchema) });
export const numericIdParamsSchema = z.object({
  id: rowIdParam(),
});

// ---------------------------------------------------------------- inbox

export const leadStatusValues = ["new", "contacted", "closed"] as const;

export const inboxQuerySchema = z.object({
  status: z.enum(leadStatusValues).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(100),
  offset: z.coerce.number().int().min(0).default(0),
});

export const adminInquirySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  property_type: z.string(),
  location_type: z.string().nullable(),
  acting_as: z.string(),
  flooring_type: z.array(z.string()),
  square_footage: z.number().int().nullable(),
  rooms: z.string().nullable(),
  timeline: z.string(),
  additional_notes: z.string().nullable(),
  status: z.string(),
  staff_note: z.string().nullable(),
  created_at: z.string(),
});
export type AdminInquiry = z.infer<typeof adminInquirySchema>;

export const adminContactMessageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  message: z.string(),
  preferred_contact_method: z.string(),
  best_time_to_contact: z.string().nullable(),
  status: z.string(),
  staff_note: z.string().nullable(),
  created_at: z.string(),
});
export type AdminContactMessage = z.infer<typeof adminContactMessageSchema>;

export const inquiryListSchema = z.object({ inquiries: z.array(adminInquirySchema) });
export const contactMessageListSchema = z.object({ messages: z.array(adminContactMessageSchema) });

export const leadUpdateSchema = z
  .object({
    status: z
      .enum(leadStatusValues, { message: "Status must be new, contacted or closed" })
      .optional(),
    /** Empty text clears the note. */
    staff_note: z.string().trim().max(5000).nullable().optional(),
  })
  .refine((v) => v.status !== undefined || v.staff_note !== undefined, {
    message: "Send a status or a note",
  });
export type LeadUpdate = z.input<typeof leadUpdateSchema>;

// ---------------------------------------------------------------- outbox

export const outboxStatusValues = ["pending", "sending", "sent", "failed"] as const;

export const outboxQuerySchema = z.object({
  status: z.enum(outboxStatusValues).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(100),
  offset: z.coerce.number().int().min(0).default(0),
});

export const outboxMessageSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  to_address: z.string(),
  subject: z.string(),
  status: z.string(),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  next_attempt_at: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

/** One message as the customer (or staff) received it: its plain-text body and attachments. */
export const outboxMessageDetailSchema = outboxMessageSchema.extend({
  reply_to: z.string().nullable(),
  text: z.string(),
  attachments: z.array(z.object({ filename: z.string() })),
});
export type OutboxMessageDetail = z.infer<typeof outboxMessageDetailSchema>;

export const outboxListSchema = z.object({
  messages: z.array(outboxMessageSchema),
  counts: z.object({
    pending: z.number(),
    sending: z.number(),
    sent: z.number(),
    failed: z.number(),
  }),
});

// ---------------------------------------------------------------- audit log

/** What the audit log records changes of. */
export const auditEntityTypes = [
  "order",
  "product",
  "coupon",
  "inquiry",
  "contact_message",
  "partner",
  "job",
  "crew",
  "staff",
  "settings",
  "purchase_order",
  "review",
  "question",
  "answer",
] as const;

export const auditQuerySchema = z.object({
  entity_type: z.enum(auditEntityTypes).optional(),
  entity_id: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});

export const auditEntrySchema = z.object({
  id: z.number().int(),
  actor: z.string(),
  action: z.string(),
  entity_type: z.string(),
  entity_id: z.string(),
  /** The record's name today (product name, order number, coupon code...); null once deleted. */
  entity_label: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditListSchema = z.object({ entries: z.array(auditEntrySchema) });
