import "./zod-without-eval.ts";
import { z } from "zod";
import { leadStatusValues } from "./admin.ts";
import { claimKinds, maxClaimPhotos } from "./claims-options.ts";
import { rowIdParam } from "./ids.ts";

/** Claims one network may send per hour. */
export const claimsPerHour = 5;

/** The text fields of a claim (sent as multipart form fields beside the photos). */
export const claimFieldsSchema = z.object({
  kind: z.enum(claimKinds, { message: "Please choose damage or shortage" }),
  description: z
    .string({ message: "Please describe what happened" })
    .trim()
    .min(10, "Please describe what happened in a few words (at least 10 characters)")
    .max(4000, "The description is too long (4,000 characters at most)"),
  boxes_affected: z.coerce
    .number({ message: "Boxes affected must be a whole number" })
    .int("Boxes affected must be a whole number")
    .min(1, "Boxes affected must be at least 1"),
});
export type ClaimFields = z.infer<typeof claimFieldsSchema>;

export const claimReceivedSchema = z.object({ claim_id: z.number().int(), message: z.string() });

export const claimReceivedMessage =
  "Thank you. Your claim reached our team; we will call or email you within one business day.";

export const adminClaimSchema = z.object({
  id: z.number().int(),
  order_id: z.string(),
  friendly_order_id: z.string(),
  customer_name: z.string(),
  customer_email: z.string(),
  customer_phone: z.string(),
  shipping_carrier: z.string().nullable(),
  tracking_number: z.string().nullable(),
  total_cartons: z.number().int(),
  kind: z.enum(claimKinds),
  description: z.string(),
  boxes_affected: z.number().int(),
  /** Photos in the order sent; each is served at `/api/admin/claims/{id}/photos/{index}`. */
  photos: z.array(
    z.object({ index: z.number().int(), content_type: z.string(), bytes: z.number() }),
  ),
  status: z.enum(leadStatusValues),
  staff_note: z.string().nullable(),
  created_at: z.string(),
});
export type AdminClaim = z.infer<typeof adminClaimSchema>;

export const claimListSchema = z.object({ claims: z.array(adminClaimSchema) });

export const claimPhotoParamsSchema = z.object({
  id: rowIdParam(),
  index: z.coerce
    .number()
    .int()
    .min(0)
    .max(maxClaimPhotos - 1),
});
