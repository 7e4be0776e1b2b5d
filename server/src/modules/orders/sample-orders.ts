import { createHash, randomBytes } from "node:crypto";
import type { SampleToSend } from "@mcf/contracts/admin";
import { and, asc, eq, exists, isNull, lte, ne, notExists, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.ts";
import { orderItems, orders, sampleFollowUps } from "../../db/schema/orders.ts";
import { conflict, invalid, notFound } from "../../errors.ts";
import { enqueueMail } from "../../mail/outbox.ts";
import { storeIdentity } from "../../mail/store-identity.ts";
import { renderEmail } from "../../mail/templates.ts";
import { writeAudit } from "../audit/audit.service.ts";
import { shipToAddress } from "./order-views.ts";
import { itemsByOrder } from "./orders.repository.ts";

const uuidShape = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** The page the follow-up email links to; it puts a box of each sampled product in the cart. */
export function sampleReorderUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/samples/reorder?token=${encodeURIComponent(token)}`;
}

const hasSampleLine = (db: DbOrTx) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(orderItems)
      .where(and(eq(orderItems.order_id, orders.id), eq(orderItems.kind, "sample"))),
  );

/**
 * The follow-up job: every delivered order with samples whose delivery is at least
 * `followUpDays` old and that has no follow-up yet gets one email through the outbox, offering
 * the sampled products with a link that puts boxes of them in the cart. Once per order, whatever
 * runs it (rows locked, others' skipped; the follow-up row's primary key and the outbox dedupe
 * key refuse a second). Returns how many it queued.
 */
export async function queueDueSampleFollowUps(
  db: Db,
  options: { publicUrl: string; followUpDays: number; now?: Date; batchSize?: number },
): Promise<number> {
  const now = options.now ?? new Date();
  const deliveredBy = new Date(now.getTime() - options.followUpDays * 86_400_000);
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.status, "delivered"),
          lte(orders.delivered_at, deliveredBy),
          hasSampleLine(tx),
          withoutFollowUp(tx),
        ),
      )
      .orderBy(asc(orders.delivered_at))
      .limit(options.batchSize ?? 50)
      .for("update", { skipLocked: true });
    let queued = 0;
    for (const order of due)
      if (await queueFollowUp(tx, order, { publicUrl: options.publicUrl, now })) queued += 1;
    return queued;
  });
}

const withoutFollowUp = (db: DbOrTx) =>
  notExists(
    db.select({ one: sql`1` }).from(sampleFollowUps).where(eq(sampleFollowUps.order_id, orders.id)),
  );

/**
 * One order's follow-up: claims its row (a second claim finds it taken and queues nothing) and
 * queues the email with the reorder link, in the caller's transaction. True when queued.
 */
async function queueFollowUp(
  tx: DbOrTx,
  order: typeof orders.$inferSelect,
  options: { publicUrl: string; now: Date },
): Promise<boolean> {
  const token = randomBytes(32).toString("base64url");
  const claimed = await tx
    .insert(sampleFollowUps)
    .values({ order_id: order.id, token_hash: hashToken(token), queued_at: options.now })
    .onConflictDoNothing()
    .returning({ orderId: sampleFollowUps.order_id });
  if (claimed.length === 0) return false;
  const items = await itemsByOrder(tx, [order.id]);
  const names = [
    ...new Set(
      (items.get(order.id) ?? [])
        .filter((item) => item.kind === "sample")
        .map((item) => item.product_name),
    ),
  ];
  const firstName = order.customer_name.split(/\s+/)[0] ?? order.customer_name;
  const content = renderEmail({
    subject: `How do your ${storeIdentity().name} samples look?`,
    heading: `${firstName}, how do your samples look in your room?`,
    paragraphs: [
      `Your samples from order ${order.friendly_order_id} arrived a few days ago: ${names.join(", ")}.`,
      "Lay them on your floor in morning and evening light. When one feels right, the button below puts a box of each in your cart; set the boxes you need there (our coverage calculator helps).",
    ],
    action: { label: "Put boxes in my cart", url: sampleReorderUrl(options.publicUrl, token) },
    footnotes: [
      `Questions, or want to see the whole floor? Call us at ${storeIdentity().phone} or visit our Birmingham showroom.`,
    ],
  });
  return enqueueMail(tx, {
    kind: "sample-follow-up",
    to: order.customer_email,
    dedupeKey: `sample-follow-up:${order.id}`,
    ...content,
  });
}

/**
 * Staff send an order's sample follow-up now instead of waiting for the daily pass (the customer
 * called, or the samples were handed over in the showroom). Once per order, as the pass: the
 * pass never sends a second. Throws 404 for an unknown order, 422 for an order without samples
 * or whose samples have not gone out (not ticked off as sent, not delivered), 409 when its
 * follow-up was already sent. Audited as `order.sample_follow_up`.
 */
export async function sendSampleFollowUpNow(
  db: Db,
  orderId: string,
  options: { publicUrl: string; actor: string; now?: Date },
): Promise<void> {
  if (!uuidShape.test(orderId)) throw notFound("Order not found");
  const { actor } = options;
  const now = options.now ?? new Date();
  await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order) throw notFound("Order not found");
    const [withSamples] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.id, orderId), hasSampleLine(tx)));
    if (!withSamples) throw invalid("This order has no samples to follow up.");
    if (order.samples_sent_at === null && order.status !== "delivered")
      throw invalid("The samples have not gone out yet: tick them off as sent first.");
    if (!(await queueFollowUp(tx, order, { publicUrl: options.publicUrl, now })))
      throw conflict("This order's sample follow-up has already been sent.");
    await writeAudit(tx, {
      actor,
      action: "order.sample_follow_up",
      entityType: "order",
      entityId: order.id,
      after: { sample_follow_up_at: now.toISOString() },
    });
  });
}

/**
 * The products of the sample order a follow-up link names (each once, in order), or null for a
 * token that names no follow-up.
 */
export async function sampledProductsByToken(db: DbOrTx, token: string): Promise<number[] | null> {
  const [followUp] = await db
    .select({ orderId: sampleFollowUps.order_id })
    .from(sampleFollowUps)
    .where(eq(sampleFollowUps.token_hash, hashToken(token)));
  if (!followUp) return null;
  const rows = await db
    .select({ productId: orderItems.product_id })
    .from(orderItems)
    .where(and(eq(orderItems.order_id, followUp.orderId), eq(orderItems.kind, "sample")))
    .orderBy(asc(orderItems.id));
  return [...new Set(rows.flatMap((row) => (row.productId === null ? [] : [row.productId])))];
}

/** Paid orders whose samples staff have not ticked off as sent, oldest payment first. */
export async function listSamplesToSend(db: DbOrTx): Promise<SampleToSend[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.payment_status, "paid"),
        ne(orders.status, "cancelled"),
        isNull(orders.samples_sent_at),
        hasSampleLine(db),
      ),
    )
    .orderBy(asc(orders.paid_at))
    .limit(500);
  const items = await itemsByOrder(
    db,
    rows.map((order) => order.id),
  );
  return rows.map((order) => {
    const address = shipToAddress(order);
    return {
      order_id: order.id,
      friendly_order_id: order.friendly_order_id,
      customer_name: order.customer_name,
      ship_to:
        order.delivery_method === "pickup"
          ? "Showroom pickup"
          : `${address.street}, ${address.city}, ${address.state} ${address.zip_code}`,
      paid_at: order.paid_at?.toISOString() ?? null,
      samples: (items.get(order.id) ?? [])
        .filter((item) => item.kind === "sample")
        .map((item) => ({
          product_name: item.product_name,
          sku: item.sku,
          quantity: item.quantity,
        })),
    };
  });
}

/**
 * Staff tick an order's samples off as sent (audited). Ticking twice keeps the first time.
 * 404 for an unknown order or one without samples.
 */
export async function markSamplesSent(
  db: Db,
  orderId: string,
  actor: string,
  now = new Date(),
): Promise<void> {
  if (!uuidShape.test(orderId)) throw notFound("No order with samples has that id");
  await db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), hasSampleLine(tx)))
      .for("update");
    if (!order) throw notFound("No order with samples has that id");
    if (order.samples_sent_at) return;
    await tx.update(orders).set({ samples_sent_at: now }).where(eq(orders.id, orderId));
    await writeAudit(tx, {
      actor,
      action: "order.samples_sent",
      entityType: "order",
      entityId: orderId,
      before: { samples_sent_at: null },
      after: { samples_sent_at: now.toISOString() },
    });
  });
}
