import "./zod-without-eval.ts";
import { z } from "zod";
import { shippingCarriers } from "./carriers.ts";

/** One order line in a shipment: the boxes of that line that left with it. */
export const shipmentLineSchema = z.object({
  order_item_id: z.number().int(),
  product_name: z.string(),
  boxes: z.number().int(),
});

/** One part of an order that shipped, with its own carrier and tracking number. */
export const orderShipmentSchema = z.object({
  id: z.number().int(),
  lines: z.array(shipmentLineSchema),
  carrier: z.string().nullable(),
  tracking_number: z.string().nullable(),
  /** "PRO number" for an LTL freight carrier, else "Tracking number". */
  tracking_number_label: z.string(),
  /** The carrier's tracking page for this number, when the carrier has one. */
  tracking_url: z.string().nullable(),
  shipped_at: z.string(),
});
export type OrderShipment = z.infer<typeof orderShipmentSchema>;

/**
 * A pickup order at the showroom: when staff marked it ready, and when it was collected, by whom
 * and with which staff member. Null fields: not yet.
 */
export const orderPickupSchema = z.object({
  ready_at: z.string().nullable(),
  picked_up_at: z.string().nullable(),
  picked_up_by: z.string().nullable(),
  staff: z.string().nullable(),
});
export type OrderPickup = z.infer<typeof orderPickupSchema>;

/**
 * The finer state shown beside the status: a pickup order ready at the showroom stays
 * "processing", a picked-up one is "delivered", an order with some lines shipped is "processing".
 */
export const fulfillmentLabels = ["Partly shipped", "Ready for pickup", "Picked up"] as const;
export const fulfillmentLabelSchema = z.enum(fulfillmentLabels).nullable();
export type FulfillmentLabel = (typeof fulfillmentLabels)[number];

/** `POST /api/admin/orders/{id}/shipments`: some boxes of some lines leave with one carrier. */
export const shipmentCreateSchema = z.object({
  lines: z
    .array(
      z.object({
        order_item_id: z.number().int().positive(),
        boxes: z
          .number({ message: "Boxes must be a whole number" })
          .int("Boxes must be a whole number")
          .positive("Ship at least one box of each line you list"),
      }),
    )
    .min(1, "Choose at least one line to ship"),
  carrier: z
    .enum(shippingCarriers, { message: `Carrier must be one of: ${shippingCarriers.join(", ")}` })
    .nullish()
    .transform((v) => v ?? null),
  tracking_number: z
    .string()
    .trim()
    .max(100)
    .nullish()
    .transform((v) => (v ? v : null))
    .refine(
      (v) => v === null || /^[A-Za-z0-9][A-Za-z0-9 -]*$/.test(v),
      "The tracking or PRO number may contain only letters, digits, spaces and dashes",
    ),
  shipped_at: z.iso
    .datetime({ offset: true, message: "shipped_at must be an ISO date-time" })
    .nullish()
    .transform((v) => v ?? null),
  /** Queue the shipped email for this shipment (its lines and tracking). */
  send_email: z.boolean().default(true),
  /**
   * How many shipments the order had when staff looked. When given, a shipment recorded since (a
   * second click, another staff member) refuses this one with 409, so one look ships once.
   */
  shipments_before: z.number().int().min(0).optional(),
});
export type ShipmentCreate = z.input<typeof shipmentCreateSchema>;

/** `POST /api/admin/orders/{id}/pickup/picked-up`: who collected the order, and when. */
export const pickupCollectedSchema = z.object({
  picked_up_by: z
    .string({ message: "Enter the name of the person who collected the order" })
    .trim()
    .min(1, "Enter the name of the person who collected the order")
    .max(120),
  picked_up_at: z.iso
    .datetime({ offset: true, message: "picked_up_at must be an ISO date-time" })
    .nullish()
    .transform((v) => v ?? null),
});
export type PickupCollected = z.input<typeof pickupCollectedSchema>;
