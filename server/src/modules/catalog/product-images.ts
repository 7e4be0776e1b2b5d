import { createHash } from "node:crypto";
import type { AdminProduct } from "@mcf/contracts/product";
import {
  maxProductImages,
  type ProductImageFormat,
  productImageFormats,
  productImageWidths,
} from "@mcf/contracts/product-image-urls";
import { type ProductImage, productImageUploadTypes } from "@mcf/contracts/product-images";
import { eq, sql } from "drizzle-orm";
import type { Metadata, Sharp } from "sharp";
import type { Db } from "../../db/client.ts";
import { products } from "../../db/schema/catalog.ts";
import { invalid, notFound } from "../../errors.ts";
import { shownFileName, sniffImageType } from "../../uploads/image-type.ts";
import type { UploadedFile } from "../../uploads/multipart-form.ts";
import { writeAudit } from "../audit/audit.service.ts";
import type { ProductImageStore } from "./product-image-store.ts";
import { getProductRow, productNotFound } from "./product-lookup.ts";
import { toAdminProduct } from "./product-mapper.ts";

export interface ProductImageLimits {
  maxBytes: number;
  /** Width × height of the uploaded image. */
  maxPixels: number;
}

const uploadTypeNames = "JPEG, PNG, WebP or AVIF";

/** Each copy's encoder settings: visually clean at a fraction of a JPEG's bytes. */
function encode(pipeline: Sharp, format: ProductImageFormat): Sharp {
  return format === "avif"
    ? pipeline.avif({ quality: 55, effort: 2 })
    : pipeline.webp({ quality: 80 });
}

function fileNamesOf(image: Pick<ProductImage, "id" | "widths">): string[] {
  return image.widths.flatMap((width) =>
    productImageFormats.map((format) => `${image.id}-${width}.${format}`),
  );
}

/**
 * sharp (libvips) is loaded on the first photo staff upload, not at start: it holds about 30 MB
 * of memory that a store serving pages never needs.
 */
let sharpModule: Promise<typeof import("sharp")> | undefined;
async function loadSharp() {
  sharpModule ??= import("sharp");
  return (await sharpModule).default;
}

/**
 * Checks one upload (size, the type read from its bytes, pixel count) and makes its copies:
 * turned upright by its EXIF orientation, then every width of `productImageWidths` not wider than
 * the photo (the photo's own width when it is narrower than all), in each format. The copies
 * carry no metadata (sharp writes none unless asked), so camera details and GPS positions never
 * leave the server. Throws 422 naming the file.
 */
export async function makeImageCopies(
  file: UploadedFile,
  limits: ProductImageLimits,
  /** The widths to make (review photos need fewer than a product's own). */
  allWidths: readonly number[] = productImageWidths,
): Promise<{ image: ProductImage; files: Array<{ name: string; bytes: Buffer }> }> {
  const name = shownFileName(file.filename);
  const megabytes = Math.round(limits.maxBytes / (1024 * 1024));
  if (file.truncated || file.bytes.length > limits.maxBytes)
    throw invalid(`${name} is larger than ${megabytes} MB. Please upload a smaller image.`);
  const type = await sniffImageType(file.bytes, productImageUploadTypes);
  if (!type)
    throw invalid(`${name} is not an image we can read. Please upload ${uploadTypeNames} files.`);
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    meta = await sharp(file.bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw invalid(`${name} is damaged and cannot be read. Please upload it again.`);
  }
  const pixels = (meta.width ?? 0) * (meta.height ?? 0);
  if (pixels > limits.maxPixels)
    throw invalid(
      `${name} is ${meta.width} × ${meta.height} pixels; an image may have at most ${Math.round(limits.maxPixels / 1_000_000)} megapixels. Please upload a smaller image.`,
    );
  const id = createHash("sha256").update(file.bytes).digest("hex").slice(0, 32);
  try {
    const upright = sharp(file.bytes, { limitInputPixels: limits.maxPixels }).autoOrient();
    // The size once turned upright (a portrait phone photo is stored sideways with a tag).
    const info = meta.autoOrient;
    const fitting = allWidths.filter((width) => width <= info.width);
    const widths = fitting.length > 0 ? [...fitting] : [info.width];
    const largest = widths[widths.length - 1] as number;
    const files = await Promise.all(
      widths.flatMap((width) =>
        productImageFormats.map(async (format) => ({
          name: `${id}-${width}.${format}`,
          bytes: await encode(upright.clone().resize({ width }), format).toBuffer(),
        })),
      ),
    );
    const height = Math.round((info.height * largest) / info.width);
    return { image: { id, width: largest, height, widths }, files };
  } catch {
    throw invalid(`${name} is damaged and cannot be read. Please upload it again.`);
  }
}

/** Removes the files of these photos unless some product still shows them (same bytes twice). */
export async function forgetProductImageFiles(
  db: Db,
  store: ProductImageStore,
  images: Array<Pick<ProductImage, "id" | "widths">>,
): Promise<void> {
  for (const image of images) {
    const used = await db.execute(
      sql`select 1 from ${products} where ${products.images} @> ${JSON.stringify([{ id: image.id }])}::jsonb limit 1`,
    );
    if (used.rows.length === 0) await store.remove(fileNamesOf(image));
  }
}

async function saveImages(
  db: Db,
  productId: number,
  action: string,
  actor: string,
  change: (images: ProductImage[]) => ProductImage[],
): Promise<{ product: AdminProduct; before: ProductImage[] }> {
  return db.transaction(async (tx) => {
    const row = await getProductRow(tx, productId, { forUpdate: true });
    const before = row.images ?? [];
    const after = change(before);
    const [updated] = await tx
      .update(products)
      .set({ images: after, updated_at: new Date() })
      .where(eq(products.id, productId))
      .returning();
    if (!updated) throw productNotFound();
    await writeAudit(tx, {
      actor,
      action,
      entityType: "product",
      entityId: productId,
      before: { images: before.map((image) => image.id) },
      after: { images: after.map((image) => image.id) },
    });
    return { product: toAdminProduct(updated), before };
  });
}

/**
 * Adds uploaded photos after a product's others, in the order sent. Every file is checked and
 * resized before anything is kept; one refused file refuses them all (422 naming it) and keeps
 * nothing. A photo the product already has is not added twice. 404 for an unknown product.
 */
export async function addProductImages(
  db: Db,
  store: ProductImageStore,
  productId: number,
  files: UploadedFile[],
  limits: ProductImageLimits,
  actor: string,
): Promise<AdminProduct> {
  if (files.length === 0) throw invalid("Please choose at least one image to upload.");
  const current = await getProductRow(db, productId);
  if ((current.images ?? []).length + files.length > maxProductImages)
    throw invalid(`A product may have at most ${maxProductImages} photos.`);
  // One at a time: resizing is CPU work, and the shop's other requests share the machine.
  const made: Awaited<ReturnType<typeof makeImageCopies>>[] = [];
  for (const file of files) made.push(await makeImageCopies(file, limits));
  for (const { files: copies } of made)
    for (const copy of copies) await store.put(copy.name, copy.bytes);
  try {
    const { product } = await saveImages(db, productId, "product.images.add", actor, (images) => {
      const next = [...images];
      for (const { image } of made)
        if (!next.some((kept) => kept.id === image.id)) next.push(image);
      if (next.length > maxProductImages)
        throw invalid(`A product may have at most ${maxProductImages} photos.`);
      return next;
    });
    return product;
  } catch (error) {
    await forgetProductImageFiles(
      db,
      store,
      made.map(({ image }) => image),
    );
    throw error;
  }
}

/**
 * Puts a product's photos in a new order: `imageIds` must name each of its photos once (422
 * otherwise, nothing changed). 404 for an unknown product.
 */
export async function reorderProductImages(
  db: Db,
  productId: number,
  imageIds: string[],
  actor: string,
): Promise<AdminProduct> {
  const { product } = await saveImages(db, productId, "product.images.order", actor, (images) => {
    const byId = new Map(images.map((image) => [image.id, image]));
    if (imageIds.length !== images.length || imageIds.some((id) => !byId.has(id)))
      throw invalid("The new order must list each of the product's photos once.");
    return imageIds.map((id) => byId.get(id) as ProductImage);
  });
  return product;
}

/** Removes one photo from a product (and its files when no product shows it). 404 when absent. */
export async function deleteProductImage(
  db: Db,
  store: ProductImageStore,
  productId: number,
  imageId: string,
  actor: string,
): Promise<AdminProduct> {
  const { product, before } = await saveImages(
    db,
    productId,
    "product.images.delete",
    actor,
    (images) => {
      if (!images.some((image) => image.id === imageId)) throw notFound("Photo not found");
      return images.filter((image) => image.id !== imageId);
    },
  );
  const removed = before.filter((image) => image.id === imageId);
  await forgetProductImageFiles(db, store, removed);
  return product;
}
