// Photo sizes, formats and URLs without zod, for browser code (as *-options.ts are).

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

/** The URL of one copy of a photo. */
export function productImageUrl(id: string, width: number, format: ProductImageFormat): string {
  return `${productImagePathPrefix}${id}-${width}.${format}`;
}

/** A `srcset` listing every width of a photo in one format. */
export function productImageSrcSet(
  image: { id: string; widths: readonly number[] },
  format: ProductImageFormat,
): string {
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
