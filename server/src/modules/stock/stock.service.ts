import type { StockLedger, StockLedgerRow, StockReason } from "@mcf/contracts/stock";
import { stockReasonLabels } from "@mcf/contracts/stock";
import { and, desc, eq, gte, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import {
  productLots,
  products,
  type StockLedgerEntry,
  stockLedger,
} from "../../db/schema/index.ts";
import { conflict, notFound } from "../../errors.ts";

/**
 * The one owner of a product's boxes. Four numbers live on the product row and move together in
 * one UPDATE (the table's checks keep `stock_quantity = on_hand - allocated - reserved`, none
 * negative):
 * - on hand: boxes in the building, always the sum of the product's ledger rows;
 * - allocated: boxes of paid orders not yet shipped or picked up;
 * - reserved: boxes of open checkouts (unpaid orders whose payment is still open);
 * - available (`stock_quantity`, the public number): what the store sells from.
 * Every change writes one `stock_ledger` row in the caller's transaction. Lines are changed in
 * product-id order, so concurrent transactions lock product rows in one order (no deadlocks).
 */

export interface StockLine {
  productId: number;
  quantity: number;
}

/** What a change belongs to, for its ledger row. */
export interface StockReference {
  orderId?: string | null;
  returnId?: number | null;
  /** What staff read: an order number, "Product editor", "CSV import"... */
  reference?: string | null;
  /** The staff member who made the change; null when the store did (checkout, payment, expiry). */
  staff?: string | null;
  /** The dye lot the boxes belong to, when the change knows it (a receipt). */
  lotId?: number | null;
}

/** A line that could not be taken: how many boxes are available now. */
export interface ShortLine {
  productId: number;
  available: number;
}

interface Change {
  onHand: number;
  allocated: number;
  reserved: number;
}

/** Lines in product-id order, lines of one product added up. */
function inLockOrder(lines: StockLine[]): StockLine[] {
  const byProduct = new Map<number, number>();
  for (const line of lines)
    byProduct.set(line.productId, (byProduct.get(line.productId) ?? 0) + line.quantity);
  return [...byProduct]
    .filter(([, quantity]) => quantity !== 0)
    .sort((a, b) => a[0] - b[0])
    .map(([productId, quantity]) => ({ productId, quantity }));
}

/**
 * Applies one change to one product and writes its ledger row. A change that lowers what is
 * available is a conditional update: it happens only when the boxes are available, else nothing
 * changes and the boxes available now come back. A product deleted since is skipped.
 */
async function applyChange(
  tx: DbOrTx,
  productId: number,
  change: Change,
  reason: StockReason,
  ref: StockReference,
): Promise<ShortLine | null> {
  const availableChange = change.onHand - change.allocated - change.reserved;
  const [row] = await tx
    .update(products)
    .set({
      on_hand: sql`${products.on_hand} + ${change.onHand}`,
      allocated: sql`${products.allocated} + ${change.allocated}`,
      reserved: sql`${products.reserved} + ${change.reserved}`,
      stock_quantity: sql`${products.stock_quantity} + ${availableChange}`,
    })
    .where(
      and(
        eq(products.id, productId),
        availableChange < 0 ? gte(products.stock_quantity, -availableChange) : undefined,
      ),
    )
    .returning({ onHand: products.on_hand, available: products.stock_quantity });
  if (!row) {
    const [now] = await tx
      .select({ available: products.stock_quantity })
      .from(products)
      .where(eq(products.id, productId));
    return now ? { productId, available: now.available } : null;
  }
  await tx.insert(stockLedger).values({
    product_id: productId,
    lot_id: ref.lotId ?? null,
    boxes: change.onHand,
    allocated_change: change.allocated,
    reserved_change: change.reserved,
    on_hand_after: row.onHand,
    available_after: row.available,
    reason,
    order_id: ref.orderId ?? null,
    return_id: ref.returnId ?? null,
    reference: ref.reference ?? null,
    staff: ref.staff ?? null,
  });
  return null;
}

/** Applies one change per line; the first short line stops it (the caller rolls back). */
async function applyToLines(
  tx: DbOrTx,
  lines: StockLine[],
  change: (quantity: number) => Change,
  reason: StockReason,
  ref: StockReference,
): Promise<ShortLine | null> {
  for (const line of inLockOrder(lines)) {
    const short = await applyChange(tx, line.productId, change(line.quantity), reason, ref);
    if (short) return short;
  }
  return null;
}

/** A checkout holds the boxes while its payment is open (reserved). Null, or the short line. */
export function reserveStock(
  tx: DbOrTx,
  lines: StockLine[],
  ref: StockReference,
): Promise<ShortLine | null> {
  return applyToLines(
    tx,
    lines,
    (q) => ({ onHand: 0, allocated: 0, reserved: q }),
    "reserved",
    ref,
  );
}

/** A paid checkout: its reserved boxes become allocated to the order (never short). */
export async function allocateReserved(
  tx: DbOrTx,
  lines: StockLine[],
  ref: StockReference,
): Promise<void> {
  await applyToLines(
    tx,
    lines,
    (q) => ({ onHand: 0, allocated: q, reserved: -q }),
    "allocated",
    ref,
  );
}

/**
 * Takes available boxes again for an order that had given them back (paid after its payment
 * expired, reopened after a cancel): allocated when paid, else reserved. Null, or the short line.
 */
export function takeAgain(
  tx: DbOrTx,
  lines: StockLine[],
  as: "allocated" | "reserved",
  ref: StockReference,
): Promise<ShortLine | null> {
  return applyToLines(
    tx,
    lines,
    (q) =>
      as === "allocated"
        ? { onHand: 0, allocated: q, reserved: 0 }
        : { onHand: 0, allocated: 0, reserved: q },
    as,
    ref,
  );
}

/**
 * A cancel gives the boxes orders hold back to be sold; on hand does not move. Each line names
 * its order and what it held; lines are released in product-id order (a batch of orders never
 * locks products in an order that could deadlock with a checkout).
 */
export async function releaseStock(
  tx: DbOrTx,
  lines: Array<StockLine & { from: "allocated" | "reserved"; ref: StockReference }>,
): Promise<void> {
  const inOrder = [...lines].sort((a, b) => a.productId - b.productId);
  for (const line of inOrder) {
    const q = line.quantity;
    await applyChange(
      tx,
      line.productId,
      line.from === "allocated"
        ? { onHand: 0, allocated: -q, reserved: 0 }
        : { onHand: 0, allocated: 0, reserved: -q },
      "cancelled",
      line.ref,
    );
  }
}

/**
 * Boxes leave the building (shipped or picked up): off on hand and off what the order held; an
 * order that held none (it was cancelled) takes them from available. Null, or the short line.
 */
export function shipStock(
  tx: DbOrTx,
  lines: StockLine[],
  from: "allocated" | "reserved" | "available",
  ref: StockReference,
): Promise<ShortLine | null> {
  return applyToLines(
    tx,
    lines,
    (q) => ({
      onHand: -q,
      allocated: from === "allocated" ? -q : 0,
      reserved: from === "reserved" ? -q : 0,
    }),
    "shipped",
    ref,
  );
}

/** Returned boxes back on the shelf: on hand and available up. */
export async function restockReturn(
  tx: DbOrTx,
  lines: StockLine[],
  ref: StockReference,
): Promise<void> {
  await applyToLines(
    tx,
    lines,
    (q) => ({ onHand: q, allocated: 0, reserved: 0 }),
    "return_restocked",
    ref,
  );
}

/**
 * Damaged boxes leave what can be sold: off on hand and available. Only available boxes can be
 * written off (the boxes open orders hold stay theirs): 409 saying how many are available, and
 * nothing changes, when fewer are. 404 for an unknown product.
 */
export async function writeOffDamaged(
  tx: DbOrTx,
  productId: number,
  boxes: number,
  ref: StockReference,
): Promise<void> {
  const short = await applyChange(
    tx,
    productId,
    { onHand: -boxes, allocated: 0, reserved: 0 },
    "damaged",
    ref,
  );
  if (short)
    throw conflict(
      `Only ${short.available} ${short.available === 1 ? "box is" : "boxes are"} available to write off: the boxes open orders hold stay theirs.`,
    );
  const [row] = await tx
    .select({ id: products.id })
    .from(products)
    .where(eq(products.id, productId));
  if (!row) throw notFound("Product not found");
}

/** Boxes a product starts with (a new product, a seeded store): on hand up by `boxes`. */
export async function openStock(
  tx: DbOrTx,
  lines: StockLine[],
  ref: StockReference,
): Promise<void> {
  await applyToLines(tx, lines, (q) => ({ onHand: q, allocated: 0, reserved: 0 }), "opening", ref);
}

/** Boxes that arrived from a supplier, for one product. */
export interface ReceivedLine {
  productId: number;
  boxes: number;
  /** The dye lot printed on the boxes; null: boxes outside every lot. */
  lotCode: string | null;
  /** What one box cost, in cents: it becomes the product's cost per box. */
  costPerBoxCents: number;
}

/**
 * Boxes received from a supplier, in the caller's transaction: on hand and available up, one
 * `received` ledger row per line (with its dye lot), the lot created or filled (a code matches
 * whatever its case), and the product's cost per box becomes this receipt's. Lines are applied in
 * product-id order, each product row locked before its lot. Returns the product ids whose product
 * was deleted since (nothing received for them).
 */
export async function receiveStock(
  tx: DbOrTx,
  lines: ReceivedLine[],
  ref: StockReference,
): Promise<number[]> {
  const missing: number[] = [];
  const inOrder = [...lines].sort((a, b) => a.productId - b.productId);
  for (const line of inOrder) {
    const [product] = await tx
      .update(products)
      .set({ cost_per_box_cents: line.costPerBoxCents })
      .where(eq(products.id, line.productId))
      .returning({ id: products.id });
    if (!product) {
      missing.push(line.productId);
      continue;
    }
    const lotId = line.lotCode ? await fillLot(tx, line.productId, line.lotCode, line.boxes) : null;
    await applyChange(
      tx,
      line.productId,
      { onHand: line.boxes, allocated: 0, reserved: 0 },
      "received",
      { ...ref, lotId },
    );
  }
  return missing;
}

/** Adds boxes to a product's dye lot (its code matched whatever its case), or creates the lot. */
async function fillLot(
  tx: DbOrTx,
  productId: number,
  lotCode: string,
  boxes: number,
): Promise<number> {
  const [filled] = await tx
    .update(productLots)
    .set({ boxes: sql`${productLots.boxes} + ${boxes}`, updated_at: new Date() })
    .where(
      and(
        eq(productLots.product_id, productId),
        sql`upper(${productLots.lot_code}) = upper(${lotCode})`,
      ),
    )
    .returning({ id: productLots.id });
  if (filled) return filled.id;
  const [created] = await tx
    .insert(productLots)
    .values({ product_id: productId, lot_code: lotCode, boxes })
    .returning({ id: productLots.id });
  if (!created) throw new Error("lot insert returned nothing");
  return created.id;
}

/**
 * A count of the boxes in the building sets on hand; the ledger row is the difference (0 when
 * the count agrees). What open orders hold never changes, so available is the count less what
 * they hold. A count below what they hold is refused (409): those boxes must be somewhere, or an
 * order must be cancelled first. The product row is locked while the count is applied.
 */
export async function countStock(
  tx: DbOrTx,
  productId: number,
  counted: number,
  ref: StockReference & { reason?: "counted" | "opening" },
): Promise<void> {
  const [row] = await tx
    .select({
      name: products.name,
      onHand: products.on_hand,
      allocated: products.allocated,
      reserved: products.reserved,
    })
    .from(products)
    .where(eq(products.id, productId))
    .for("update");
  if (!row) throw notFound("Product not found");
  const held = row.allocated + row.reserved;
  if (counted < held)
    throw conflict(
      `Open orders hold ${held} ${held === 1 ? "box" : "boxes"} of "${row.name}" (${row.allocated} paid, ${row.reserved} in checkout): a count of ${counted} is fewer than they hold. Count again, or cancel an order first.`,
    );
  await applyChange(
    tx,
    productId,
    { onHand: counted - row.onHand, allocated: 0, reserved: 0 },
    ref.reason ?? "counted",
    ref,
  );
}

function toLedgerRow(row: StockLedgerEntry): StockLedgerRow {
  return {
    id: row.id,
    product_id: row.product_id,
    lot_id: row.lot_id,
    boxes: row.boxes,
    allocated_change: row.allocated_change,
    reserved_change: row.reserved_change,
    on_hand_after: row.on_hand_after,
    available_after: row.available_after,
    reason: row.reason,
    reference: row.reference,
    order_id: row.order_id,
    return_id: row.return_id,
    staff: row.staff,
    created_at: row.created_at.toISOString(),
  };
}

/**
 * A product's four numbers and its ledger, newest first (optionally one reason). 404 for an
 * unknown product.
 */
export async function getStockLedger(
  db: DbOrTx,
  productId: number,
  query: { reason?: StockReason; limit: number },
): Promise<Omit<StockLedger, "lots">> {
  const [product] = await db
    .select({
      onHand: products.on_hand,
      allocated: products.allocated,
      reserved: products.reserved,
      available: products.stock_quantity,
    })
    .from(products)
    .where(eq(products.id, productId));
  if (!product) throw notFound("Product not found");
  const rows = await db
    .select()
    .from(stockLedger)
    .where(
      and(
        eq(stockLedger.product_id, productId),
        query.reason ? eq(stockLedger.reason, query.reason) : undefined,
      ),
    )
    .orderBy(desc(stockLedger.id))
    .limit(query.limit);
  return {
    product_id: productId,
    on_hand: product.onHand,
    allocated: product.allocated,
    reserved: product.reserved,
    available: product.available,
    rows: rows.map(toLedgerRow),
  };
}

/** A CSV cell: quoted when it holds a comma, quote or line break; formula starts defused. */
function csvCell(value: string | number | null): string {
  if (value === null) return "";
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && typeof value === "string") text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The ledger rows as a CSV file (the same columns the back office shows). */
export function stockLedgerCsv(rows: StockLedgerRow[]): string {
  const header = [
    "created_at",
    "reason",
    "boxes",
    "allocated_change",
    "reserved_change",
    "on_hand_after",
    "available_after",
    "reference",
    "staff",
  ];
  const lines = rows.map((row) =>
    [
      row.created_at,
      stockReasonLabels[row.reason],
      row.boxes,
      row.allocated_change,
      row.reserved_change,
      row.on_hand_after,
      row.available_after,
      row.reference,
      row.staff,
    ]
      .map(csvCell)
      .join(","),
  );
  return `${[header.join(","), ...lines].join("\r\n")}\r\n`;
}

/** The sum of each column of a product's ledger rows (what on hand, allocated, reserved must be). */
export async function ledgerTotals(db: DbOrTx, productId: number): Promise<Change> {
  const [row] = await db
    .select({
      onHand: sql<number>`coalesce(sum(${stockLedger.boxes}), 0)::integer`,
      allocated: sql<number>`coalesce(sum(${stockLedger.allocated_change}), 0)::integer`,
      reserved: sql<number>`coalesce(sum(${stockLedger.reserved_change}), 0)::integer`,
    })
    .from(stockLedger)
    .where(eq(stockLedger.product_id, productId));
  return row ?? { onHand: 0, allocated: 0, reserved: 0 };
}
