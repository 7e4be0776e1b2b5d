import "./zod-without-eval.ts";
import { z } from "zod";
import { minPasswordLength, passwordTooShortMessage } from "./partners-options.ts";
import { priceSourceValues } from "./pricing.ts";
import { companionSchema, publicProductSchema } from "./product.ts";
import { optionalText, requiredText } from "./text-fields.ts";

export const partnerStatusValues = ["pending", "approved", "disabled"] as const;
export type PartnerStatus = (typeof partnerStatusValues)[number];

/** An email address as accounts store it: trimmed, lowercase. */
export const emailField = z
  .string({ message: "Email is required" })
  .trim()
  .toLowerCase()
  .max(254, "Email is too long")
  .pipe(z.email("Please enter a valid email address"));

/** A new password: the one length rule of every account (partner and staff). */
export const newPassword = z
  .string({ message: "Password is required" })
  .min(minPasswordLength, passwordTooShortMessage)
  .max(256, "Password is too long");

export const partnerShippingAddressSchema = z.object({
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  country: z.string(),
});
export type PartnerShippingAddress = z.infer<typeof partnerShippingAddressSchema>;

/** The signed-in partner as GET /api/ace/me and the auth calls answer it. */
export const partnerUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  company: z.string(),
  company_address: z.string().nullable(),
  contact_name: z.string(),
  phone: z.string().nullable(),
  shipping_address: partnerShippingAddressSchema.nullable(),
  status: z.enum(partnerStatusValues),
  created_at: z.string(),
});
export type PartnerUser = z.infer<typeof partnerUserSchema>;

/** A partner registration (confirm password is not sent). */
export const partnerRegistrationSchema = z.object({
  email: emailField,
  password: newPassword,
  company: requiredText("Company name", 200),
  company_address: optionalText("Company address", 500),
  contact_name: requiredText("Contact name", 120),
  phone: optionalText("Phone", 40),
});
export type PartnerRegistration = z.input<typeof partnerRegistrationSchema>;

/** Login is deliberately loose: every wrong input answers the same generic message. */
export const partnerLoginSchema = z.object({
  email: z.string({ message: "Email is required" }).trim().min(1, "Email is required").max(254),
  password: z.string({ message: "Password is required" }).min(1, "Password is required").max(256),
});

export const forgotPasswordSchema = z.object({
  email: z.string({ message: "Email is required" }).trim().min(1, "Email is required").max(254),
});

/** A password reset: the emailed token and the new password. */
export const resetPasswordSchema = z.object({
  token: z.string({ message: "Reset token is required" }).trim().min(1).max(200),
  new_password: newPassword,
});

export const messageResponseSchema = z.object({ message: z.string() });

const zipPattern = /^\d{5}(-\d{4})?$/;

/**
 * PUT /api/ace/account. Email and unknown fields are ignored (the client sends every loaded
 * field); the editable ones are validated. An all-empty shipping address clears it; a partial
 * one is refused.
 */
export const partnerAccountUpdateSchema = z.object({
  company: requiredText("Company name", 200),
  contact_name: requiredText("Contact name", 120),
  phone: optionalText("Phone", 40),
  company_address: optionalText("Company address", 500),
  shipping_address: z
    .object({
      address: z.string().trim().max(200, "Street address is too long").nullish(),
      city: z.string().trim().max(100, "City is too long").nullish(),
      state: z.string().trim().toUpperCase().max(2, "State must be a two-letter code").nullish(),
      zip: z.string().trim().max(10, "ZIP code must be 5 digits (or ZIP+4)").nullish(),
      country: z.string().trim().toUpperCase().max(2).nullish(),
    })
    .nullish()
    .transform((value, context): PartnerShippingAddress | null => {
      const address = value?.address ?? "";
      const city = value?.city ?? "";
      const state = value?.state ?? "";
      const zip = value?.zip ?? "";
      if (!address && !city && !state && !zip) return null;
      if (!address || !city || !state || !zip) {
        context.addIssue({
          code: "custom",
          message: "Please fill in all shipping address fields.",
        });
        return z.NEVER;
      }
      if (!/^[A-Z]{2}$/.test(state)) {
        context.addIssue({ code: "custom", message: "State must be a two-letter code" });
        return z.NEVER;
      }
      if (!zipPattern.test(zip)) {
        context.addIssue({ code: "custom", message: "ZIP code must be 5 digits (or ZIP+4)" });
        return z.NEVER;
      }
      return { address, city, state, zip, country: value?.country || "US" };
    }),
});
export type PartnerAccountUpdate = z.input<typeof partnerAccountUpdateSchema>;

/**
 * A product as an approved partner sees it: our_price and price_per_box carry the price the
 * partner pays, the partner price (ace_shown_price) where the product has one, else the public
 * price, and price_source says which. The retail comparisons (competitor_price, msrp, their
 * price) are left out; ace_price never leaves the admin.
 */
export const aceProductSchema = publicProductSchema.extend({
  ace_shown_price: z.number().nullable(),
  price_source: z.enum(priceSourceValues),
  /**
   * The public store's price of the same unit (per sq ft for flooring, per unit for an accessory)
   * where the partner pays less, so the portal can say what the partner saves; else null.
   */
  retail_price: z.number().nullable(),
});
export type AceProduct = z.infer<typeof aceProductSchema>;

/**
 * `GET /api/ace/accessories`: every accessory, by kind then name, at the partner's price of one
 * unit (its partner price where it has one, else the public unit price, as `price_source` says).
 */
export const aceAccessoryListResponseSchema = z.object({ products: z.array(aceProductSchema) });
export type AceAccessoryListResponse = z.infer<typeof aceAccessoryListResponseSchema>;

/** One companion of a floor, at the partner's price. */
export const aceCompanionSchema = companionSchema.extend({ product: aceProductSchema });
export type AceCompanion = z.infer<typeof aceCompanionSchema>;

/** `GET /api/ace/products/{id}/companions`: the public rule's choice, at partner prices. */
export const aceCompanionListResponseSchema = z.object({ companions: z.array(aceCompanionSchema) });

/** One row of the admin Partners tab. */
export const adminPartnerSchema = z.object({
  id: z.string(),
  company: z.string(),
  contact_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  status: z.enum(partnerStatusValues),
  created_at: z.string(),
  last_login_at: z.string().nullable(),
  order_count: z.number().int(),
});
export type AdminPartner = z.infer<typeof adminPartnerSchema>;

export const adminPartnerListSchema = z.object({ partners: z.array(adminPartnerSchema) });

export const partnerIdParamsSchema = z.object({ id: z.uuid("Unknown partner") });

/** One of the signed-in partner's paid orders, as their account lists it. */
export const partnerOrderSchema = z.object({
  order_number: z.string(),
  placed_at: z.string(),
  status: z.string(),
  total: z.number(),
  /** The order's own tracking page (/track/{token}). */
  track_url: z.string(),
});
export type PartnerOrder = z.infer<typeof partnerOrderSchema>;
export const partnerOrderListSchema = z.object({ orders: z.array(partnerOrderSchema) });
