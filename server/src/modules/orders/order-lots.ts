import { lotShortMessage } from "@mcf/contracts/lots";
import { asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { type OrderItemLotRow, orderItemLots, orderItems } from "../../db/schema/orders.ts";
import { AppError } from "../../errors.ts";
import {
  availableBoxes,
  lotsOfProduct,
  putBackInLot,
  takeFromLot,
} from "../stock/stock.service.ts";
import { boxesFromLot } from "./order-line-boxes.ts";

/**
 * Dye lots follow the box stock (decision 080): lots are a breakdown of a product's
 * `stock_quantity`, so every move of a line's boxes (taken at reservation, returned on cancel or
 * expiry, taken again when a released order is paid, returned by a refund) moves its lots in the
 * same transaction. The product row is always locked first (the stock update takes it), then its
 * lots: the lock order of every stock change.
 */

/** A box line of an order, its boxes already off the product's stock. */
export interface LotLine {
  orderItemId: number;
  productId: number;
  productName: string;
  quantity: number;
  /** The lot the shopper asked for ("order more from the same lot"), or null. */
  lotId: number | null;
}

/** The shopper's lot cannot cover the line (or is gone): a 409 saying so, nothing taken. */
export function lotShortError(productName: string, lotCode: string | null, boxesLeft: number) {
  return new AppError("conflict", lotShortMessage(productName, lotCode, boxesLeft));
}

/**
 * The one rule for choosing a lot: the smallest lot that holds the whole line (ties: the lot
 * recorded first), so big lots stay whole for big rooms and remnants go first. Null when none can.
 */
export function chooseLot<T extends { id: number; boxes: number }>(
  lots: T[],
  quantity: number,
): T | null {
  const covering = lots.filter((lot) => lot.boxes >= quantity);
  covering.sort((a, b) => a.boxes - b.boxes || a.id - b.id);
  return covering[0] ?? null;
}

/**
 * Takes the lines' boxes from their products' lots, after `takeStock` took them off the products
 * (whose row locks the caller holds). A line with a chosen lot takes from that lot or throws 409
 * (`strict`) or, when not strict, is allocated like any other line. Otherwise one lot covers the
 * line when one can; when none can, the boxes come from those outside every lot first, then from
 * the biggest lots, and the line is marked `lot_short` so staff are warned. Products without lots
 * are left alone.
 */
export async function allocateLots(
  tx: DbOrTx,
  lines: LotLine[],
  options: {
    strict: boolean;
    /**
     * False when the lines' boxes are not yet off the product's stock (a checkout chooses its
     * lots first, so its reservation's ledger rows can name them); true by default.
     */
    stockTaken?: boolean;
  },
): Promise<void> {
  const productIds = [...new Set(lines.map((line) => line.productId))].sort((a, b) => a - b);
  for (const productId of productIds) {
    const ofProduct = lines.filter((line) => line.productId === productId);
    // Lines naming a lot first: they must come from it, the others may go anywhere.
    ofProduct.sort((a, b) => Number(b.lotId !== null) - Number(a.lotId !== null));
    const total = ofProduct.reduce((sum, line) => sum + line.quantity, 0);
    let pending = total;
    for (const line of ofProduct) {
      const lots = await lotsOfProduct(tx, productId);
      if (lots.length === 0) {
        // A product without lots sells from its stock count alone; a lot asked for is gone.
        if (options.strict && line.lotId !== null) throw lotShortError(line.productName, null, 0);
        continue;
      }
      const [product] = await availableBoxes(tx, [productId]);
      const inLots = lots.reduce((sum, lot) => sum + lot.boxes, 0);
      // This order's lines not yet allocated are already off the stock count (when taken), and
      // the lines allocated so far are off their lots.
      const stockOfOthers =
        options.stockTaken === false
          ? (product?.stock ?? 0) - (total - pending)
          : (product?.stock ?? 0) + pending;
      const outsideLots = Math.max(0, stockOfOthers - inLots);
      pending -= line.quantity;
      await allocateLine(tx, line, lots, outsideLots, options);
    }
  }
}

async function allocateLine(
  tx: DbOrTx,
  line: LotLine,
  lots: Array<{ id: number; lot_code: string; boxes: number }>,
  outsideLots: number,
  options: { strict: boolean },
): Promise<void> {
  const record = (lot: { id: number; lot_code: string }, boxes: number) =>
    tx
      .insert(orderItemLots)
      .values({ order_item_id: line.orderItemId, lot_id: lot.id, lot_code: lot.lot_code, boxes });
  if (line.lotId !== null) {
    const asked = lots.find((lot) => lot.id === line.lotId);
    if (asked && asked.boxes >= line.quantity && (await takeFromLot(tx, asked.id, line.quantity))) {
      await record(asked, line.quantity);
      return;
    }
    if (options.strict)
      throw lotShortError(line.productName, asked?.lot_code ?? null, asked?.boxes ?? 0);
  }
  const lot = chooseLot(lots, line.quantity);
  if (lot && (await takeFromLot(tx, lot.id, line.quantity))) {
    await record(lot, line.quantity);
    return;
  }
  // No single lot holds the line: boxes outside the lots first, then the biggest lots.
  let need = line.quantity - Math.min(line.quantity, outsideLots);
  for (const from of [...lots].sort((a, b) => b.boxes - a.boxes || a.id - b.id)) {
    if (need === 0) break;
    const boxes = Math.min(need, from.boxes);
    if (boxes > 0 && (await takeFromLot(tx, from.id, boxes))) {
      await record(from, boxes);
      need -= boxes;
    }
  }
  await tx.update(orderItems).set({ lot_short: true }).where(eq(orderItems.id, line.orderItemId));
}

/**
 * Puts every box the lines' lots still miss back into them (cancel, expiry), marking them
 * returned so no box goes back twice. The caller has locked the products (their stock update).
 */
export async function returnLotsOfItems(tx: DbOrTx, orderItemIds: number[]): Promise<void> {
  if (orderItemIds.length === 0) return;
  const rows = await tx
    .select()
    .from(orderItemLots)
    .where(inArray(orderItemLots.order_item_id, orderItemIds))
    .orderBy(asc(orderItemLots.lot_id), asc(orderItemLots.id));
  for (const row of rows) await putBack(tx, row, boxesFromLot(row));
}

/**
 * A refund's boxes of one line back into the lots they came from (first lot first), at most the
 * boxes each lot gave. The caller holds the return's lock and has put the product stock back.
 */
export async function returnBoxesToLots(
  tx: DbOrTx,
  orderItemId: number,
  quantity: number,
): Promise<void> {
  const rows = await tx
    .select()
    .from(orderItemLots)
    .where(eq(orderItemLots.order_item_id, orderItemId))
    .orderBy(asc(orderItemLots.id));
  let left = quantity;
  for (const row of rows) {
    const boxes = Math.min(left, boxesFromLot(row));
    await putBack(tx, row, boxes);
    left -= boxes;
  }
}

/**
 * The dye lots `quantity` boxes of a line came from, as `returnBoxesToLots` would put them back
 * (first lot first; a lot deleted since is left out): a read, so a ledger row can name its lot
 * before the boxes move.
 */
export async function lotPartsOfItem(
  db: DbOrTx,
  orderItemId: number,
  quantity: number,
): Promise<Array<{ lotId: number; boxes: number }>> {
  const rows = await db
    .select()
    .from(orderItemLots)
    .where(eq(orderItemLots.order_item_id, orderItemId))
    .orderBy(asc(orderItemLots.id));
  const parts: Array<{ lotId: number; boxes: number }> = [];
  let left = quantity;
  for (const row of rows) {
    const boxes = Math.min(left, boxesFromLot(row));
    if (boxes <= 0) continue;
    left -= boxes;
    if (row.lot_id !== null) parts.push({ lotId: row.lot_id, boxes });
  }
  return parts;
}

async function putBack(tx: DbOrTx, row: OrderItemLotRow, boxes: number): Promise<void> {
  if (boxes <= 0) return;
  await tx
    .update(orderItemLots)
    .set({ returned_boxes: sql`${orderItemLots.returned_boxes} + ${boxes}` })
    .where(eq(orderItemLots.id, row.id));
  if (row.lot_id === null) return; // the lot was deleted since: the stock count alone takes them
  await putBackInLot(tx, row.lot_id, boxes);
}

/**
 * A released order paid after all takes its boxes again: its old lot rows (all returned) are
 * dropped and the lines allocated anew, each preferring the lot it had.
 */
export async function reallocateLots(tx: DbOrTx, lines: LotLine[]): Promise<void> {
  const ids = lines.map((line) => line.orderItemId);
  if (ids.length === 0) return;
  const previous = await tx
    .select()
    .from(orderItemLots)
    .where(inArray(orderItemLots.order_item_id, ids))
    .orderBy(desc(orderItemLots.boxes));
  await tx.delete(orderItemLots).where(inArray(orderItemLots.order_item_id, ids));
  await tx.update(orderItems).set({ lot_short: false }).where(inArray(orderItems.id, ids));
  const preferred = (id: number) =>
    previous.find((row) => row.order_item_id === id && row.lot_id !== null)?.lot_id ?? null;
  await allocateLots(
    tx,
    lines.map((line) => ({ ...line, lotId: line.lotId ?? preferred(line.orderItemId) })),
    { strict: false },
  );
}

/** The lots each line took from, by order item id (first lot first). */
export async function lotsByItem(
  db: DbOrTx,
  orderItemIds: number[],
): Promise<Map<number, OrderItemLotRow[]>> {
  const byItem = new Map<number, OrderItemLotRow[]>();
  if (orderItemIds.length === 0) return byItem;
  const rows = await db
    .select()
    .from(orderItemLots)
    .where(inArray(orderItemLots.order_item_id, orderItemIds))
    .orderBy(asc(orderItemLots.id));
  for (const row of rows)
    byItem.set(row.order_item_id, [...(byItem.get(row.order_item_id) ?? []), row]);
  return byItem;
}
