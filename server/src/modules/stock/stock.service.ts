import type { StockLedger, StockLedgerRow, StockReason } from "@mcf/contracts/stock";
import { stockReasonLabels } from "@mcf/contracts/stock";
import { and, asc, desc, eq, gte, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { type ProductLotRow, productLots, products } from "../../db/schema/catalog.ts";
import { type StockLedgerEntry, stockLedger } from "../../db/schema/stock.ts";
import { AppError, conflict, invalid, notFound } from "../../errors.ts";

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
  /**
   * The dye lots the boxes are in, when known (the order's lines took them from these lots): the
   * change is written as one ledger row per lot, and a row without a lot for any boxes left over.
   */
  lots?: LotPart[];
}

/** Some of a line's boxes, in one dye lot. */
export interface LotPart {
  lotId: number;
  boxes: number;
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

/** Lines in product-id order, lines of one product (and their lots) added up. */
function inLockOrder(lines: StockLine[]): StockLine[] {
  const byProduct = new Map<number, { quantity: number; lots: Map<number, number> }>();
  for (const line of lines) {
    const sum = byProduct.get(line.productId) ?? { quantity: 0, lots: new Map() };
    sum.quantity += line.quantity;
    for (const part of line.lots ?? [])
      sum.lots.set(part.lotId, (sum.lots.get(part.lotId) ?? 0) + part.boxes);
    byProduct.set(line.productId, sum);
  }
  return [...byProduct]
    .filter(([, sum]) => sum.quantity !== 0)
    .sort((a, b) => a[0] - b[0])
    .map(([productId, sum]) => ({
      productId,
      quantity: sum.quantity,
      lots: [...sum.lots].map(([lotId, boxes]) => ({ lotId, boxes })),
    }));
}

/**
 * A change split into one part per dye lot (each lot's share of every number) and a part without
 * a lot for the rest; a change without lots is one part. Parts with no boxes are dropped. Each
 * number of a line's change is 0 or plus or minus the line's boxes (an order's boxes move from
 * one state to another), so a lot's share is its boxes with that number's sign.
 */
function splitByLot(
  change: Change,
  lots: LotPart[],
): Array<{ lotId: number | null; change: Change }> {
  const size = Math.max(
    Math.abs(change.onHand),
    Math.abs(change.allocated),
    Math.abs(change.reserved),
  );
  const share = (value: number, boxes: number) => Math.sign(value) * boxes;
  const parts: Array<{ lotId: number | null; change: Change }> = [];
  let left = size;
  for (const lot of lots) {
    const boxes = Math.min(lot.boxes, left);
    if (boxes <= 0) continue;
    left -= boxes;
    parts.push({
      lotId: lot.lotId,
      change: {
        onHand: share(change.onHand, boxes),
        allocated: share(change.allocated, boxes),
        reserved: share(change.reserved, boxes),
      },
    });
  }
  if (left > 0 || parts.length === 0)
    parts.push({
      lotId: null,
      change: {
        onHand: share(change.onHand, left),
        allocated: share(change.allocated, left),
        reserved: share(change.reserved, left),
      },
    });
  return parts;
}

/**
 * Applies one change to one product and writes its ledger rows: one per dye lot the boxes are in
 * (`lots`), else one (with `lotId` when the change concerns one lot). A change that lowers what is
 * available is a conditional update: it happens only when the boxes are available, else nothing
 * changes and the boxes available now come back. A product deleted since is skipped.
 */
async function applyChange(
  tx: DbOrTx,
  productId: number,
  change: Change,
  reason: StockReason,
  ref: StockReference & { lotId?: number | null },
  lots: LotPart[] = [],
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
  // Each row's numbers after are the product's after the rows written so far.
  let onHand = row.onHand - change.onHand;
  let available = row.available - availableChange;
  const parts = lots.length > 0 ? splitByLot(change, lots) : [{ lotId: ref.lotId ?? null, change }];
  for (const part of parts) {
    onHand += part.change.onHand;
    available += part.change.onHand - part.change.allocated - part.change.reserved;
    await tx.insert(stockLedger).values({
      product_id: productId,
      lot_id: part.lotId,
      boxes: part.change.onHand,
      allocated_change: part.change.allocated,
      reserved_change: part.change.reserved,
      on_hand_after: onHand,
      available_after: available,
      reason,
      order_id: ref.orderId ?? null,
      return_id: ref.returnId ?? null,
      reference: ref.reference ?? null,
      staff: ref.staff ?? null,
    });
  }
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
    const short = await applyChange(
      tx,
      line.productId,
      change(line.quantity),
      reason,
      ref,
      line.lots,
    );
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
      line.lots,
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
 * Returned boxes written off as damaged on receipt: they left on hand when they shipped and never
 * come back to it, so no number moves; one ledger row per product records them (the count is in
 * the row's reference, as its boxes are 0).
 */
export async function writeOffReturn(
  tx: DbOrTx,
  lines: StockLine[],
  ref: StockReference,
): Promise<void> {
  for (const line of inLockOrder(lines)) {
    const boxes = `${line.quantity} ${line.quantity === 1 ? "box" : "boxes"}`;
    await applyChange(
      tx,
      line.productId,
      { onHand: 0, allocated: 0, reserved: 0 },
      "return_written_off",
      {
        ...ref,
        // The first lot the boxes came from, when known: the row moves no box, so one row.
        lotId: line.lots?.[0]?.lotId ?? ref.lotId ?? null,
        reference: `${ref.reference ?? "Return"}: ${boxes} written off as damaged`,
      },
    );
  }
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

/** What a count wrote: the difference from on hand, and the product's numbers after the count. */
export interface CountResult {
  productId: number;
  lotId: number | null;
  difference: number;
  onHand: number;
  available: number;
}

/** What open orders hold in each of a product's dye lots, by lot id (read by the orders module). */
export type LotHoldings = (
  tx: DbOrTx,
  productId: number,
) => Promise<Map<number, { allocated: number; reserved: number }>>;

const boxesWord = (n: number) => (n === 1 ? "box" : "boxes");

/** The product row, locked until the transaction ends; null for an unknown product. */
async function lockProduct(tx: DbOrTx, productId: number) {
  const [row] = await tx
    .select({
      name: products.name,
      onHand: products.on_hand,
      allocated: products.allocated,
      reserved: products.reserved,
      available: products.stock_quantity,
    })
    .from(products)
    .where(eq(products.id, productId))
    .for("update");
  return row ?? null;
}

/**
 * Locks the products' rows in id order (the lock order of every stock change) and reads what each
 * has available: a checkout splits a line into boxes available now and boxes backordered under
 * these locks, so two checkouts never promise the same boxes. Unknown products are left out.
 */
export async function lockAvailable(
  tx: DbOrTx,
  productIds: number[],
): Promise<Map<number, { name: string; available: number }>> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return new Map();
  // One statement, rows locked in id order (the sort runs before the locks). The lock the stock
  // UPDATE takes, not FOR UPDATE: the order lines just inserted hold a key share on the product
  // row, which FOR UPDATE would wait on, deadlocking two checkouts.
  const rows = await tx
    .select({ id: products.id, name: products.name, available: products.stock_quantity })
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(asc(products.id))
    .for("no key update");
  return new Map(rows.map((row) => [row.id, { name: row.name, available: row.available }]));
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

/** What a receipt brought, per line, and the products deleted since (nothing received). */
export interface ReceiptResult {
  missing: number[];
  /** Per received line (product-id order): its boxes and the dye lot they went into. */
  arrived: Array<{ productId: number; boxes: number; lotId: number | null }>;
}

/**
 * Boxes received from a supplier, in the caller's transaction: on hand and available up, one
 * `received` ledger row per line (with its dye lot), the lot created or filled (a code matches
 * whatever its case), and the product's cost per box becomes this receipt's. Lines are applied in
 * product-id order, each product row locked before its lot. Returns the product ids whose product
 * was deleted since (nothing received for them) and where each line's boxes went, so waiting
 * backorders can be allocated from them.
 */
export async function receiveStock(
  tx: DbOrTx,
  lines: ReceivedLine[],
  ref: StockReference,
): Promise<ReceiptResult> {
  const missing: number[] = [];
  const arrived: ReceiptResult["arrived"] = [];
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
    arrived.push({ productId: line.productId, boxes: line.boxes, lotId });
  }
  return { missing, arrived };
}

/**
 * Backordered boxes that arrived, allocated to the order waiting for them (reserved while its
 * payment is open): off available, onto what the order holds, one ledger row per dye lot the
 * boxes are in. Null, or the short line (the boxes are no longer available: nothing changes).
 */
export function allocateArrived(
  tx: DbOrTx,
  line: StockLine,
  as: "allocated" | "reserved",
  ref: StockReference,
): Promise<ShortLine | null> {
  return takeAgain(tx, [line], as, ref);
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
 * Why a count of `counted` boxes cannot stand, or null when it can: open orders hold boxes of the
 * product (paid, or in checkout) that must be somewhere in the building.
 */
export function countShortOfHolds(
  product: { name: string; allocated: number; reserved: number },
  counted: number,
): string | null {
  const held = product.allocated + product.reserved;
  if (counted >= held) return null;
  return `Open orders hold ${held} ${boxesWord(held)} of "${product.name}" (${product.allocated} paid, ${product.reserved} in checkout): a count of ${counted} is fewer than they hold. Count again, or cancel an order first.`;
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
): Promise<CountResult> {
  const row = await lockProduct(tx, productId);
  if (!row) throw notFound("Product not found");
  const short = countShortOfHolds(row, counted);
  if (short) throw conflict(short);
  const difference = counted - row.onHand;
  await applyChange(
    tx,
    productId,
    { onHand: difference, allocated: 0, reserved: 0 },
    ref.reason ?? "counted",
    ref,
  );
  return {
    productId,
    lotId: null,
    difference,
    onHand: counted,
    available: counted - row.allocated - row.reserved,
  };
}

/** One line of a count saved with others: a product's whole shelf, or one of its dye lots. */
export interface CountLine {
  productId: number;
  lotId: number | null;
  counted: number;
}

/** The same error, its message naming the line (1 = the first). */
function onLine(line: number, error: unknown): unknown {
  if (!(error instanceof AppError)) return error;
  return new AppError(error.code, `Line ${line}: ${error.message}`, error.fields);
}

/** 422 naming the first line that repeats another or mixes a whole product with its lots. */
function refuseOverlappingLines(lines: CountLine[]): void {
  const seen = new Map<string, number>();
  const wholeOrLots = new Map<number, { whole: boolean; line: number }>();
  lines.forEach((line, index) => {
    const key = `${line.productId}:${line.lotId ?? ""}`;
    const earlier = seen.get(key);
    if (earlier !== undefined)
      throw invalid(
        `Line ${index + 1} counts the same ${line.lotId === null ? "product" : "dye lot"} as line ${earlier}: keep one of them.`,
      );
    seen.set(key, index + 1);
    const kind = wholeOrLots.get(line.productId);
    if (kind && kind.whole !== (line.lotId === null))
      throw invalid(
        `Line ${index + 1} and line ${kind.line} count the same product as a whole and by dye lot: count either the product or its lots.`,
      );
    wholeOrLots.set(line.productId, { whole: line.lotId === null, line: index + 1 });
  });
}

/**
 * Counts of one dye lot each, of one locked product. A lot's boxes are what it has available, so
 * its on hand is those plus what open orders hold in it: a count sets the lot's boxes to the count
 * less what they hold (409 when fewer), and moves the product's on hand by the same difference,
 * one `counted` row naming the lot. So the product's on hand always moves with its lots'.
 */
async function countLots(
  tx: DbOrTx,
  productId: number,
  lines: Array<CountLine & { line: number }>,
  ref: StockReference,
  holdings: LotHoldings,
): Promise<CountResult[]> {
  const product = await lockProduct(tx, productId);
  if (!product) throw onLine(lines[0]?.line ?? 1, notFound("Product not found"));
  const lots = await tx
    .select()
    .from(productLots)
    .where(eq(productLots.product_id, productId))
    .orderBy(asc(productLots.id));
  const held = await holdings(tx, productId);
  const results: CountResult[] = [];
  for (const line of [...lines].sort((a, b) => (a.lotId ?? 0) - (b.lotId ?? 0))) {
    const lot = lots.find((candidate) => candidate.id === line.lotId);
    if (!lot)
      throw invalid(
        `Line ${line.line}: that dye lot is not a lot of "${product.name}" (any more).`,
      );
    const { allocated, reserved } = held.get(lot.id) ?? { allocated: 0, reserved: 0 };
    const inOrders = allocated + reserved;
    if (line.counted < inOrders)
      throw conflict(
        `Line ${line.line}: open orders hold ${inOrders} ${boxesWord(inOrders)} of lot ${lot.lot_code} of "${product.name}": a count of ${line.counted} is fewer than they hold. Count again, or cancel an order first.`,
      );
    const difference = line.counted - (lot.boxes + inOrders);
    await tx
      .update(productLots)
      .set({ boxes: line.counted - inOrders, updated_at: new Date() })
      .where(eq(productLots.id, lot.id));
    const short = await applyChange(
      tx,
      productId,
      { onHand: difference, allocated: 0, reserved: 0 },
      "counted",
      { ...ref, lotId: lot.id },
    );
    if (short)
      throw conflict(
        `Line ${line.line}: only ${short.available} ${boxesWord(short.available)} of "${product.name}" are available, fewer than lot ${lot.lot_code} loses. Count the product as a whole.`,
      );
    results.push({ productId, lotId: lot.id, difference, onHand: 0, available: 0 });
  }
  // Every line reports the product's numbers once all its lots are counted.
  const [after] = await tx
    .select({ onHand: products.on_hand, available: products.stock_quantity })
    .from(products)
    .where(eq(products.id, productId));
  return results.map((result) => ({
    ...result,
    onHand: after?.onHand ?? 0,
    available: after?.available ?? 0,
  }));
}

/**
 * Saves a stock count of many lines in the caller's transaction, all or nothing: every line is
 * checked, then applied product by product in id order (the lock order of every stock change).
 * A line repeating another, naming an unknown product or a lot of another product answers 422;
 * a count below what open orders hold 409; each message names the line. Results in line order.
 */
export async function countStockBatch(
  tx: DbOrTx,
  lines: CountLine[],
  ref: StockReference,
  holdings: LotHoldings,
): Promise<CountResult[]> {
  refuseOverlappingLines(lines);
  const ids = [...new Set(lines.map((line) => line.productId))];
  const known = await tx
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, ids));
  const knownIds = new Set(known.map((row) => row.id));
  const unknown = lines.findIndex((line) => !knownIds.has(line.productId));
  if (unknown >= 0)
    throw invalid(`Line ${unknown + 1}: no product has id ${lines[unknown]?.productId}.`);

  const numbered = lines.map((line, index) => ({ ...line, line: index + 1 }));
  const results = new Map<number, CountResult>();
  for (const productId of ids.sort((a, b) => a - b)) {
    const ofProduct = numbered.filter((line) => line.productId === productId);
    const whole = ofProduct.find((line) => line.lotId === null);
    if (whole) {
      try {
        results.set(whole.line, await countStock(tx, productId, whole.counted, ref));
      } catch (error) {
        throw onLine(whole.line, error);
      }
      continue;
    }
    const counted = await countLots(tx, productId, ofProduct, ref, holdings);
    const byLot = [...ofProduct].sort((a, b) => (a.lotId ?? 0) - (b.lotId ?? 0));
    counted.forEach((result, index) => {
      const line = byLot[index];
      if (line) results.set(line.line, result);
    });
  }
  return numbered.flatMap((line) => results.get(line.line) ?? []);
}

function toLedgerRow(row: StockLedgerEntry, lotCode: string | null): StockLedgerRow {
  return {
    id: row.id,
    product_id: row.product_id,
    lot_id: row.lot_id,
    lot_code: lotCode,
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
 * A product's four numbers and its ledger, newest first (optionally one reason, one dye lot),
 * each row with its lot's code. 404 for an unknown product.
 */
export async function getStockLedger(
  db: DbOrTx,
  productId: number,
  query: { reason?: StockReason; lot_id?: number; limit: number },
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
    .select({ row: stockLedger, lotCode: productLots.lot_code })
    .from(stockLedger)
    .leftJoin(productLots, eq(productLots.id, stockLedger.lot_id))
    .where(
      and(
        eq(stockLedger.product_id, productId),
        query.reason ? eq(stockLedger.reason, query.reason) : undefined,
        query.lot_id ? eq(stockLedger.lot_id, query.lot_id) : undefined,
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
    rows: rows.map(({ row, lotCode }) => toLedgerRow(row, lotCode)),
  };
}

/** A CSV cell: quoted when it holds a comma, quote or line break; formula starts defused. */
function csvCell(value: string | number | null): string {
  if (value === null) return "";
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && typeof value === "string") text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The ledger rows as a CSV file (the same columns the back office shows, the lot last). */
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
    // Added after the first columns, so a sheet reading them by position keeps working.
    "lot",
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
      row.lot_code,
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

/*
 * Dye-lot boxes. A lot's `boxes` is a breakdown of its product's available boxes (decision 080);
 * the orders module chooses which lot a line takes from, and moves the boxes through these.
 */

/** Each product's name and available boxes (`stock_quantity`), for these ids (deleted: absent). */
export function availableBoxes(
  db: DbOrTx,
  productIds: number[],
): Promise<Array<{ id: number; name: string; stock: number }>> {
  if (productIds.length === 0) return Promise.resolve([]);
  return db
    .select({ id: products.id, name: products.name, stock: products.stock_quantity })
    .from(products)
    .where(inArray(products.id, productIds));
}

/** Locks a product's row, the lock every stock change takes before its lots; false when gone. */
export async function lockProductStock(tx: DbOrTx, productId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: products.id })
    .from(products)
    .where(eq(products.id, productId))
    .for("update");
  return row !== undefined;
}

/** A product's dye lots, first recorded first. */
export function lotsOfProduct(db: DbOrTx, productId: number): Promise<ProductLotRow[]> {
  return db
    .select()
    .from(productLots)
    .where(eq(productLots.product_id, productId))
    .orderBy(asc(productLots.id));
}

/** One dye lot, or null when it no longer exists. */
export async function findLot(db: DbOrTx, lotId: number): Promise<ProductLotRow | null> {
  const [lot] = await db.select().from(productLots).where(eq(productLots.id, lotId));
  return lot ?? null;
}

/** Takes `boxes` from a lot when it holds them (one conditional update); false when it does not. */
export async function takeFromLot(tx: DbOrTx, lotId: number, boxes: number): Promise<boolean> {
  const taken = await tx
    .update(productLots)
    .set({ boxes: sql`${productLots.boxes} - ${boxes}`, updated_at: new Date() })
    .where(and(eq(productLots.id, lotId), gte(productLots.boxes, boxes)))
    .returning({ id: productLots.id });
  return taken.length === 1;
}

/** Puts `boxes` back into a lot they came from. */
export async function putBackInLot(tx: DbOrTx, lotId: number, boxes: number): Promise<void> {
  await tx
    .update(productLots)
    .set({ boxes: sql`${productLots.boxes} + ${boxes}`, updated_at: new Date() })
    .where(eq(productLots.id, lotId));
}

/** Which of these products have dye lots now. */
export async function productsWithLots(db: DbOrTx, productIds: number[]): Promise<Set<number>> {
  if (productIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ productId: productLots.product_id })
    .from(productLots)
    .where(inArray(productLots.product_id, [...new Set(productIds)]));
  return new Set(rows.map((row) => row.productId));
}

/** The boxes each lot holds now, by lot id (lots since deleted are left out). */
export async function lotBoxesLeft(db: DbOrTx, lotIds: number[]): Promise<Map<number, number>> {
  if (lotIds.length === 0) return new Map();
  const rows = await db
    .select({ id: productLots.id, boxes: productLots.boxes })
    .from(productLots)
    .where(inArray(productLots.id, lotIds));
  return new Map(rows.map((row) => [row.id, row.boxes]));
}
