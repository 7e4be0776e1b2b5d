import "./zod-without-eval.ts";
import { z } from "zod";
import { rowIdParam } from "./ids.ts";
import { maxProductImages, productImageIdPattern } from "./product-image-urls.ts";

/**
 * Photos staff upload for a product. The server keeps only resized copies (never the original
 * file, so never its camera metadata) under names made from a hash of the original's bytes:
 * `/media/products/{id}-{width}.{webp|avif}`. A name never changes content, so browsers and CDNs
 * may keep each file for a year.
 */

/** The file types an upload may be, read from its bytes (never its name). */
export const productImageUploadTypes = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/avif": "avif",
} as const;
export type ProductImageUploadType = keyof typeof productImageUploadTypes;

export const productImageSchema = z.object({
  id: z.string().regex(productImageIdPattern),
  /** The largest copy's size in pixels (after turning the photo upright). */
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** Every width made, smallest first; each exists in every format. */
  widths: z.array(z.number().int().positive()).min(1),
});
export type ProductImage = z.infer<typeof productImageSchema>;

export const productImageParamsSchema = z.object({
  id: rowIdParam(),
  imageId: z.string().regex(productImageIdPattern, "Unknown photo"),
});

/** A new order of a product's photos: every photo's id, each once. */
export const productImageOrderSchema = z.object({
  image_ids: z
    .array(z.string().regex(productImageIdPattern, "Unknown photo"))
    .max(maxProductImages)
    .refine((ids) => new Set(ids).size === ids.length, "Each photo may appear only once"),
});
export type ProductImageOrder = z.infer<typeof productImageOrderSchema>;
