import { randomUUID } from "node:crypto";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { LeadUpdate } from "@mcf/contracts/admin";
import type { AdminClaim, ClaimFields } from "@mcf/contracts/claims";
import {
  type ClaimPhotoType,
  claimPhotoTypes,
  maxClaimPhotos,
} from "@mcf/contracts/claims-options";
import { trackingNotFoundMessage } from "@mcf/contracts/orders";
import { eq } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.ts";
import { inboxPage } from "../../db/inbox-page.ts";
import { type DeliveryClaimRow, deliveryClaims } from "../../db/schema/claims.ts";
import { conflict, invalid, notFound } from "../../errors.ts";
import { enqueueMail } from "../../mail/outbox.ts";
import { storeIdentity } from "../../mail/store-identity.ts";
import { shownFileName, sniffImageType } from "../../uploads/image-type.ts";
import type { UploadedFile } from "../../uploads/multipart-form.ts";
import type { OrderRow } from "../orders/orders.service.ts";
import { findOrderByTrackingToken, findOrdersByIds } from "../orders/orders.service.ts";
import { claimStaffEmail } from "./claim-emails.ts";

/** One photo as it arrived: the name the customer's device gave it and its bytes. */
export type ClaimPhotoUpload = UploadedFile;

export interface ClaimOptions {
  dataDir: string;
  maxPhotoBytes: number;
  staffEmail: string;
  publicUrl: string;
}

const photoTypeNames = "JPEG, PNG, WebP or HEIC";

/** Where the photos of claims live: DATA_DIR/claims/{folder}/{n}.{ext}. */
export function claimFolderPath(dataDir: string, folder: string): string {
  return join(dataDir, "claims", folder);
}

/**
 * Checks every photo before anything is kept: size (cut uploads), count, and the type read from
 * the bytes (a renamed PDF is not an image). Returns each photo's sniffed type in order; throws
 * 422 naming the first photo that fails.
 */
async function checkPhotos(
  photos: ClaimPhotoUpload[],
  maxBytes: number,
): Promise<ClaimPhotoType[]> {
  if (photos.length > maxClaimPhotos)
    throw invalid(`Please send at most ${maxClaimPhotos} photos with one claim.`);
  const types: ClaimPhotoType[] = [];
  for (const photo of photos) {
    const megabytes = Math.round(maxBytes / (1024 * 1024));
    if (photo.truncated || photo.bytes.length > maxBytes)
      throw invalid(
        `${shownFileName(photo.filename)} is larger than ${megabytes} MB. Please send a smaller photo (most phones can share a smaller size).`,
      );
    const mime = await sniffImageType(photo.bytes, claimPhotoTypes);
    if (!mime)
      throw invalid(
        `${shownFileName(photo.filename)} is not a photo we can read. Please send ${photoTypeNames} images.`,
      );
    types.push(mime);
  }
  return types;
}

function assertClaimable(order: OrderRow, fields: ClaimFields, photoCount: number): void {
  const shipped =
    order.status === "shipped" || order.status === "delivered" || order.shipped_at !== null;
  if (!shipped || order.status === "cancelled")
    throw conflict(
      `A damage or shortage claim can be sent once your order has shipped. Questions before then? Call us at ${storeIdentity().phone}.`,
    );
  if (fields.boxes_affected > order.total_cartons)
    throw invalid(
      `Boxes affected must be between 1 and ${order.total_cartons}, the boxes in this order.`,
    );
  if (fields.kind === "damage" && photoCount === 0)
    throw invalid("Please add at least one photo of the damage: the carrier asks for it.");
}

/**
 * Records a damage or shortage claim for the order a tracking link names: the photos are checked
 * (type sniffed from the bytes, size limit) and kept under DATA_DIR/claims, the claim lands in
 * the staff inbox and the staff are emailed. Nothing is kept when anything is refused.
 * Returns the claim's id. Throws 404 for an unknown link, 409 before the order ships, 422 for a bad
 * claim or photo.
 */
export async function submitClaim(
  db: Db,
  token: string,
  fields: ClaimFields,
  photos: ClaimPhotoUpload[],
  options: ClaimOptions,
): Promise<number> {
  const order = await findOrderByTrackingToken(db, token);
  if (!order) throw notFound(trackingNotFoundMessage);
  assertClaimable(order, fields, photos.length);
  const types = await checkPhotos(photos, options.maxPhotoBytes);

  const folder = randomUUID();
  const folderPath = claimFolderPath(options.dataDir, folder);
  const stored = photos.map((photo, index) => {
    const type = types[index] as ClaimPhotoType;
    return { file: `${index}.${claimPhotoTypes[type]}`, content_type: type, bytes: photo.bytes };
  });
  if (stored.length > 0) {
    await mkdir(folderPath, { recursive: true });
    await Promise.all(stored.map((photo) => writeFile(join(folderPath, photo.file), photo.bytes)));
  }
  try {
    return await db.transaction(async (tx) => {
      const [claim] = await tx
        .insert(deliveryClaims)
        .values({
          order_id: order.id,
          kind: fields.kind,
          description: fields.description,
          boxes_affected: fields.boxes_affected,
          photo_folder: folder,
          photos: stored.map(({ file, content_type, bytes }) => ({
            file,
            content_type,
            bytes: bytes.length,
          })),
        })
        .returning({ id: deliveryClaims.id });
      if (!claim) throw new Error("claim insert returned no row");
      await enqueueMail(tx, {
        kind: "claim-staff",
        to: options.staffEmail,
        replyTo: order.customer_email,
        ...claimStaffEmail(order, fields, stored.length, `${options.publicUrl}/admin?tab=inbox`),
      });
      return claim.id;
    });
  } catch (error) {
    await rm(folderPath, { recursive: true, force: true });
    throw error;
  }
}

function toAdminClaim(claim: DeliveryClaimRow, order: OrderRow | undefined): AdminClaim {
  return {
    id: claim.id,
    order_id: claim.order_id,
    friendly_order_id: order?.friendly_order_id ?? "",
    customer_name: order?.customer_name ?? "",
    customer_email: order?.customer_email ?? "",
    customer_phone: order?.customer_phone ?? "",
    shipping_carrier: order?.shipping_carrier ?? null,
    tracking_number: order?.tracking_number ?? null,
    total_cartons: order?.total_cartons ?? 0,
    kind: claim.kind,
    description: claim.description,
    boxes_affected: claim.boxes_affected,
    photos: claim.photos.map((photo, index) => ({
      index,
      content_type: photo.content_type,
      bytes: photo.bytes,
    })),
    status: claim.status,
    staff_note: claim.staff_note,
    created_at: claim.created_at.toISOString(),
  };
}

async function withOrders(db: DbOrTx, claims: DeliveryClaimRow[]): Promise<AdminClaim[]> {
  const orders = await findOrdersByIds(db, [...new Set(claims.map((claim) => claim.order_id))]);
  return claims.map((claim) => toAdminClaim(claim, orders.get(claim.order_id)));
}

/** Claims for the staff inbox, newest first, with their order's number and customer. */
export async function listClaims(
  db: Db,
  query: { status?: DeliveryClaimRow["status"]; limit: number; offset: number },
): Promise<AdminClaim[]> {
  const rows = await inboxPage(db.select().from(deliveryClaims).$dynamic(), deliveryClaims, query);
  return withOrders(db, rows);
}

/** Staff set a claim's follow-up status and/or note. 404 for an unknown claim. */
export async function updateClaim(db: Db, id: number, update: LeadUpdate): Promise<AdminClaim> {
  const [row] = await db
    .update(deliveryClaims)
    .set({
      ...(update.status ? { status: update.status } : {}),
      ...(update.staff_note !== undefined ? { staff_note: update.staff_note || null } : {}),
      updated_at: new Date(),
    })
    .where(eq(deliveryClaims.id, id))
    .returning();
  if (!row) throw notFound("Claim not found");
  const [claim] = await withOrders(db, [row]);
  return claim as AdminClaim;
}

/** One photo of a claim, for staff. 404 when the claim or the photo does not exist. */
export async function readClaimPhoto(
  db: Db,
  dataDir: string,
  id: number,
  index: number,
): Promise<{ bytes: Buffer; contentType: string }> {
  const [claim] = await db.select().from(deliveryClaims).where(eq(deliveryClaims.id, id));
  const photo = claim?.photos[index];
  if (!claim || !photo) throw notFound("Photo not found");
  try {
    const bytes = await readFile(join(claimFolderPath(dataDir, claim.photo_folder), photo.file));
    return { bytes, contentType: photo.content_type };
  } catch {
    throw notFound("The photo's file is missing from the server's data folder");
  }
}
