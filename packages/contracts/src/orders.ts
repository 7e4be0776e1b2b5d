import { sellingUnits } from "./accessories.ts";
import "./zod-without-eval.ts";
import { z } from "zod";

export * from "./orders-options.ts";

import { cartLineInputSchema } from "./cart.ts";
import { cartItemKinds } from "./cart-kinds.ts";
import {
  deliveryAnswersSchema,
  deliveryMethodSchema,
  deliveryMethods,
  freightServiceIds,
  freightServicesSchema,
  siteAccessValues,
} from "./delivery.ts";
import { orderPurposes, orderStatuses, paymentStatuses } from "./orders-options.ts";
import { publicProductSchema } from "./product.ts";
import { fulfillmentLabelSchema, orderPickupSchema, orderShipmentSchema } from "./shipments.ts";
import { requiredText } from "./text-fields.ts";

export const postalAddressSchema = z.object({
  street: requiredText("Street", 200),
  city: requiredText("City", 100),
  state: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, "State must be a two-letter code"),
  zip_code: z
    .string()
    .trim()
    .regex(/^\d{5}(-\d{4})?$/, "ZIP code must be 5 digits (or ZIP+4)"),
  country: z.string().trim().toUpperCase().default("US"),
});
export type PostalAddress = z.infer<typeof postalAddressSchema>;

/** What the checkout sends to start a payment. The amounts are the browser's view; the server recomputes them. */
export const paymentRequestSchema = z.object({
  cart_items: z.array(cartLineInputSchema.passthrough()).min(1, "The cart is empty").max(200),
  customer_name: requiredText("Name", 120),
  customer_email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email("Please enter a valid email address")),
  customer_phone: requiredText("Phone", 40),
  billing_address: postalAddressSchema,
  shipping_address: postalAddressSchema.nullish(),
  subtotal: z.number().optional(),
  shipping_cost: z.number().optional(),
  tax_amount: z.number().optional(),
  total_amount: z.number().optional(),
  coupon_code: z.string().trim().max(64).nullish(),
  /** Freight when none is given; refused (422) when not offered for the ship-to ZIP code. */
  delivery_method: deliveryMethodSchema.nullish(),
  freight_services: freightServicesSchema.nullish(),
  delivery_answers: deliveryAnswersSchema.nullish(),
  /** Must be true when the cart holds closeouts: they are final sale. */
  final_sale_acknowledged: z.boolean().nullish(),
});
export type PaymentRequest = z.infer<typeof paymentRequestSchema>;

export const paymentSessionSchema = z.object({ id: z.string(), url: z.string() });

export const orderItemSchema = z.object({
  product_id: z.number().int().nullable(),
  product_name: z.string(),
  quantity: z.number().int(),
  unit_price: z.number(),
  total_price: z.number(),
  sqft_per_box: z.number(),
  total_sqft: z.number(),
  image_url: z.string().nullable(),
  color: z.string().nullable(),
  brand: z.string().nullable(),
  collection: z.string().nullable(),
  type: z.string().nullable(),
  /** Boxes, or samples (listed apart on the confirmation). */
  kind: z.enum(cartItemKinds),
  /** What was sold: boxes of flooring, or an accessory's pieces, rolls or pails. */
  selling_unit: z.enum(sellingUnits),
});

const addressOut = z.object({
  street: z.string(),
  city: z.string(),
  state: z.string(),
  zip_code: z.string(),
  country: z.string(),
});

/** How the order reaches the customer, as chosen and priced at checkout. */
export const orderDeliverySchema = z.object({
  method: z.enum(deliveryMethods),
  /** "Showroom pickup", "Freight delivery (1 pallet)"... */
  label: z.string(),
  estimated_date: z.string().nullable(),
  services: z.array(z.enum(freightServiceIds)),
  site_access: z.enum(siteAccessValues).nullable(),
  stairs: z.boolean().nullable(),
  appointment_phone: z.string().nullable(),
});
export type OrderDelivery = z.infer<typeof orderDeliverySchema>;

/** An order's amounts as stored when it was placed, in dollars: every order answer has them. */
export const orderAmountsShape = {
  subtotal: z.number(),
  coupon_code: z.string().nullable(),
  discount_amount: z.number(),
  shipping_cost: z.number(),
  tax_amount: z.number(),
  total_amount: z.number(),
};

/** An order as its confirmation shows it, plus what the success page shows. */
export const orderConfirmationSchema = z.object({
  order_id: z.string(),
  friendly_order_id: z.string(),
  stripe_session_id: z.string().nullable(),
  status: z.enum(orderStatuses),
  payment_status: z.enum(paymentStatuses),
  customer_name: z.string(),
  customer_email: z.string(),
  customer_phone: z.string(),
  billing_address: addressOut,
  shipping_address: addressOut,
  items: z.array(orderItemSchema),
  total_sqft: z.number(),
  total_cartons: z.number().int(),
  ...orderAmountsShape,
  tracking_url: z.string().nullable(),
  created_at: z.string(),
  delivery: orderDeliverySchema,
  /** goods, or installation (a job's deposit or balance: no boxes, delivery or tracking). */
  purpose: z.enum(orderPurposes),
});
export type OrderConfirmation = z.infer<typeof orderConfirmationSchema>;

/** What order tracking answers. */
export const trackingResultSchema = z.object({
  friendly_order_id: z.string(),
  status: z.enum(orderStatuses),
  tracking_url: z.string().nullable(),
  shipping_carrier: z.string().nullable(),
  tracking_number: z.string().nullable(),
  /** "PRO number" for an LTL freight carrier, else "Tracking number". */
  tracking_number_label: z.string(),
  created_at: z.string(),
  shipped_at: z.string().nullable(),
  /** Boxes in the order: the count to check before signing for it. */
  total_cartons: z.number().int(),
  delivery: z.object({
    method: z.enum(deliveryMethods),
    label: z.string(),
    estimated_date: z.string().nullable(),
  }),
  /** The delivery appointment staff recorded (YYYY-MM-DD and a time window), if any. */
  appointment: z.object({ date: z.string(), window: z.string().nullable() }).nullable(),
  /** The staff's note to the customer about the shipment. */
  note: z.string().nullable(),
  /** The boxes bought, each with the dye lot it came from ("order more from the same lot"). */
  lines: z
    .array(
      z.object({
        product_id: z.number().int().nullable(),
        product_name: z.string(),
        quantity: z.number().int(),
        lot_id: z.number().int().nullable(),
        lot_code: z.string().nullable(),
        /** Boxes the line's lot still holds (0 when gone): more can be ordered while it lasts. */
        lot_boxes_left: z.number().int(),
        unit_price: z.number(),
        sqft_per_box: z.number(),
        image_url: z.string().nullable(),
      }),
    )
    .optional(),
  /** The parts the order shipped in, each with its carrier and tracking link. */
  shipments: z.array(orderShipmentSchema).optional(),
  /** A pickup order's ready and picked-up times (null for a shipped order). */
  pickup: orderPickupSchema.pick({ ready_at: true, picked_up_at: true }).nullable().optional(),
  /** The finer state beside the status ("Partly shipped", "Ready for pickup", "Picked up"). */
  fulfillment_label: fulfillmentLabelSchema.optional(),
});
export type TrackingResult = z.infer<typeof trackingResultSchema>;

/** The built-in test payment page's view of its session (`GET /api/payments/test-sessions/{id}`). */
export const testPaymentSessionSchema = z.object({
  id: z.string(),
  friendly_order_id: z.string(),
  /** Dollars to pay. */
  amount: z.number(),
  currency: z.literal("usd"),
  /** open: can be paid; paid; failed: declined; cancelled: the customer cancelled; expired. */
  status: z.enum(["open", "paid", "failed", "cancelled", "expired"]),
  expires_at: z.string(),
  customer_email: z.string(),
  /** goods, or installation (a job's deposit or balance: no boxes, no delivery). */
  purpose: z.enum(orderPurposes),
  /** The store page leaving this payment leads to: the checkout, or an installation's job page. */
  back_url: z.string(),
  items: z.array(
    z.object({
      product_name: z.string(),
      quantity: z.number().int(),
      total_price: z.number(),
      kind: z.enum(cartItemKinds),
      selling_unit: z.enum(sellingUnits),
    }),
  ),
  /** The amounts that make up `amount`, in dollars, so the charge is never a surprise. */
  subtotal: z.number(),
  coupon_code: z.string().nullable(),
  discount: z.number(),
  shipping: z.number(),
  /** The delivery method as the order summary names it. */
  shipping_label: z.string(),
  tax: z.number(),
  /** The refunds made to this test payment (dollars, oldest first): the test provider's record. */
  refunds: z
    .array(z.object({ amount: z.number(), refund_id: z.string(), created_at: z.string() }))
    .optional(),
});
export type TestPaymentSession = z.infer<typeof testPaymentSessionSchema>;

export const testSessionParamsSchema = z.object({
  id: z
    .string()
    .min(8)
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/, "Malformed payment session id"),
});

/** Test card numbers: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined. */
export const testCardPaymentSchema = z.object({
  /** Digits, spaces allowed; any number but the two test cards is refused with a hint. */
  card_number: z.string({ message: "Card number is required" }).max(40, "Card number is too long"),
});

/** Where the browser goes next after a test-page action. */
export const paymentRedirectSchema = z.object({ redirect_url: z.string() });

export const sessionLookupParamsSchema = z.object({
  session_id: z
    .string()
    .min(8)
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/, "Malformed payment session id"),
});

/**
 * `POST /api/send-order-email`: the order confirmation itself, or `{order_id}` or `{session_id}`.
 * Only the id is read; recipient and content always come from the stored order.
 */
export const sendOrderEmailRequestSchema = z
  .object({
    order_id: z.uuid("order_id must be an order id").optional(),
    session_id: z.string().min(8).max(200).optional(),
    stripe_session_id: z.string().min(8).max(200).nullish(),
  })
  .passthrough()
  .refine((body) => body.order_id || body.session_id || body.stripe_session_id, {
    message: "Send order_id or session_id",
  });
export const sendOrderEmailResultSchema = z.object({
  detail: z.string(),
  /** True only when this call queued a message (it had not been sent before). */
  queued: z.boolean(),
});

/** Any token shape is accepted: one that matches no order answers the same 404 as a wrong one. */
export const trackingParamsSchema = z.object({ token: z.string().min(1).max(200) });

export const trackingNotFoundMessage =
  "We could not find your order. Please check back later or contact support.";

/** Order lookups one network may make per window: enough for typos, too few to guess emails. */
export const orderLookupLimit = { max: 10, windowMinutes: 15 } as const;

/** `POST /api/track/lookup`: a shopper who lost the tracking link finds it again. */
export const orderLookupRequestSchema = z.object({
  order_number: z
    .string({ message: "Please enter your order number" })
    .trim()
    .min(1, "Please enter your order number")
    .max(40, "That order number is too long"),
  email: z
    .string({ message: "Please enter the email address used for the order" })
    .trim()
    .toLowerCase()
    .pipe(z.email("Please enter a valid email address")),
});
export type OrderLookupRequest = z.infer<typeof orderLookupRequestSchema>;

export const orderLookupResultSchema = z.object({
  /** The order's tracking page, `/track/{token}`. */
  tracking_path: z.string(),
});

/** The one answer for a wrong number, a wrong email, or both: it never tells which. */
export const orderLookupNotFoundMessage =
  "We could not find an order with that number and email address. Please check both and try again.";

/** `GET /api/samples/reorder?token=`: the follow-up email's link to buy what was sampled. */
export const sampleReorderQuerySchema = z.object({
  token: z
    .string({ message: "The link is missing its token" })
    .trim()
    .min(1, "The link is missing its token")
    .max(200, "This link is not valid"),
});

/** The sampled products still in the catalogue, as the public store shows them. */
export const sampleReorderResultSchema = z.object({
  products: z.array(publicProductSchema),
});
export type SampleReorderResult = z.infer<typeof sampleReorderResultSchema>;
