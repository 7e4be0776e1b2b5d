import "./zod-without-eval.ts";
import { z } from "zod";

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

/** The widths made of every photo (those wider than the original are skipped). */
export const productImageWidths = [320, 640, 960, 1280, 1600] as const;

/** The formats served, best first: a browser takes the first it knows. */
export const productImageFormats = ["avif", "webp"] as const;
export type ProductImageFormat = (typeof productImageFormats)[number];

/** At most this many photos per product. */
export const maxProductImages = 12;

/** The path the resized copies are served under. */
export const productImagePathPrefix = "/media/products/";

/** A photo's id: the first 32 hex digits of the SHA-256 of the uploaded bytes. */
export const productImageIdPattern = /^[0-9a-f]{32}$/;

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
  id: z.coerce.number().int().positive().max(2147483647),
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

/** The URL of one copy of a photo. */
export function productImageUrl(id: string, width: number, format: ProductImageFormat): string {
  return `${productImagePathPrefix}${id}-${width}.${format}`;
}

/** A `srcset` listing every width of a photo in one format. */
export function productImageSrcSet(image: ProductImage, format: ProductImageFormat): string {
  return image.widths.map((w) => `${productImageUrl(image.id, w, format)} ${w}w`).join(", ");
}

/** The file name a copy is stored and served under, or null when `name` is not one. */
export function parseProductImageFileName(
  name: string,
): { id: string; width: number; format: ProductImageFormat } | null {
  const match = /^([0-9a-f]{32})-(\d{2,4})\.(avif|webp)$/.exec(name);
  if (!match) return null;
  return {
    id: match[1] as string,
    width: Number(match[2]),
    format: match[3] as ProductImageFormat,
  };
}
