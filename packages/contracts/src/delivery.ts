import "./zod-without-eval.ts";
import { z } from "zod";
import { deliveryMethods, freightServiceIds, siteAccessValues } from "./delivery-options.ts";

// The methods and their choices live in delivery-options.ts (no zod there, for browser code).
export {
  type DeliveryMethod,
  deliveryMethods,
  type FreightServiceId,
  freightServiceIds,
  type SiteAccess,
  siteAccessValues,
} from "./delivery-options.ts";

export const zipCodeSchema = z
  .string({ message: "ZIP code must be 5 digits (or ZIP+4)" })
  .trim()
  .regex(/^\d{5}(-\d{4})?$/, "ZIP code must be 5 digits (or ZIP+4)");

export const deliveryMethodSchema = z.enum(deliveryMethods, {
  message: "Delivery method must be pickup, local, freight or parcel",
});

/** The freight extras the shopper chose; each is priced in the answer's `services`. */
export const freightServicesSchema = z.object({
  residential: z.boolean().default(false),
  liftgate: z.boolean().default(false),
});
export type FreightServices = z.infer<typeof freightServicesSchema>;

/** What the carrier (or our own truck) needs to book the delivery appointment. */
export const deliveryAnswersSchema = z.object({
  site_access: z.enum(siteAccessValues).nullish(),
  /** Stairs between the truck and where the boxes go. */
  stairs: z.boolean().nullish(),
  /** Who the driver calls to set the appointment; the customer's phone when empty. */
  appointment_phone: z.string().trim().max(40, "Appointment phone is too long").nullish(),
});
export type DeliveryAnswers = z.infer<typeof deliveryAnswersSchema>;

export const deliveryServiceSchema = z.object({
  id: z.enum(freightServiceIds),
  label: z.string(),
  /** Dollars added when chosen. */
  cost: z.number(),
  selected: z.boolean(),
});

/** One way to get the order, priced and dated for this cart and ZIP code. */
export const deliveryOptionSchema = z.object({
  method: z.enum(deliveryMethods),
  label: z.string(),
  /** Dollars, with the chosen extras. */
  cost: z.number(),
  available: z.boolean(),
  /** Why the method cannot be chosen; null when it can. */
  reason: z.string().nullable(),
  /** YYYY-MM-DD: ready for pickup, or the estimated delivery; null until a ZIP code is known. */
  estimated_date: z.string().nullable(),
  /** Priced extras (freight: residential delivery, liftgate); empty for the other methods. */
  services: z.array(deliveryServiceSchema),
});
export type DeliveryOption = z.infer<typeof deliveryOptionSchema>;
