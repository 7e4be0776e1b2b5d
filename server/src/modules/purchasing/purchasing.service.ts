import type { ExpectedBoxes } from "@mcf/contracts/backorder-options";
import { toCents, toDollars } from "@mcf/contracts/money";
import type {
  PurchaseOrder,
  PurchaseOrderCreate,
  PurchaseOrderStatus,
  PurchaseReceipt,
} from "@mcf/contracts/purchasing";
import { purchaseOrderNumber } from "@mcf/contracts/purchasing";
import { and, asc, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.ts";
import {
  type PurchaseOrderLineRow,
  type PurchaseOrderRow,
  purchaseOrderLines,
  purchaseOrders,
} from "../../db/schema/purchasing.ts";
import { conflict, invalid, notFound } from "../../errors.ts";
import { writeAudit } from "../audit/audit.service.ts";
import { findProductRows } from "../catalog/catalog.service.ts";
import {
  allocateArrivedBackorders,
  backorderedBoxesByProduct,
  lockWaitingBackorders,
} from "../orders/orders.service.ts";
import { receiveStock } from "../stock/stock.service.ts";

/**
 * Purchase orders to suppliers and receiving them (decision 119). This module owns the purchase
 * orders; the boxes a receipt brings move only through the stock module (`receiveStock`), in the
 * receipt's transaction. A receipt locks its purchase order first, so two receipts of one
 * purchase order run one after the other and never receive a box twice.
 */

function toPurchaseOrder(row: PurchaseOrderRow, lines: PurchaseOrderLineRow[]): PurchaseOrder {
  const ordered = lines.reduce((sum, line) => sum + line.boxes_ordered, 0);
  const received = lines.reduce((sum, line) => sum + line.boxes_received, 0);
  const totalCents = lines.reduce(
    (sum, line) => sum + line.boxes_ordered * line.cost_per_box_cents,
    0,
  );
  return {
    id: row.id,
    number: purchaseOrderNumber(row.id),
    vendor: row.vendor,
    expected_date: row.expected_date,
    status: row.status,
    notes: row.notes,
    created_by: row.created_by,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    boxes_ordered: ordered,
    boxes_received: received,
    total_cost: toDollars(totalCents),
    lines: lines.map((line) => ({
      id: line.id,
      product_id: line.product_id,
      product_name: line.product_name,
      boxes_ordered: line.boxes_ordered,
      boxes_received: line.boxes_received,
      boxes_remaining: line.boxes_ordered - line.boxes_received,
      cost_per_box: toDollars(line.cost_per_box_cents),
    })),
  };
}

async function linesOf(db: DbOrTx, ids: number[]): Promise<Map<number, PurchaseOrderLineRow[]>> {
  const byOrder = new Map<number, PurchaseOrderLineRow[]>();
  if (ids.length === 0) return byOrder;
  const rows = await db
    .select()
    .from(purchaseOrderLines)
    .where(inArray(purchaseOrderLines.purchase_order_id, ids))
    .orderBy(asc(purchaseOrderLines.id));
  for (const row of rows)
    byOrder.set(row.purchase_order_id, [...(byOrder.get(row.purchase_order_id) ?? []), row]);
  return byOrder;
}

async function orderRow(db: DbOrTx, id: number, forUpdate = false): Promise<PurchaseOrderRow> {
  const query = db.select().from(purchaseOrders).where(eq(purchaseOrders.id, id));
  const [row] = forUpdate ? await query.for("update") : await query;
  if (!row) throw notFound("Purchase order not found");
  return row;
}

/**
 * The boxes open purchase orders (open or partly received, with an expected date) will still
 * bring, per product, less those promised to backorders already placed, earliest date first:
 * what the store may offer as a backorder. The promised boxes are taken from the earliest dates
 * (the oldest backorders are allocated first). Never the purchase order or its vendor.
 */
export async function expectedBoxes(
  db: DbOrTx,
  productIds: number[],
): Promise<Map<number, ExpectedBoxes[]>> {
  const byProduct = new Map<number, ExpectedBoxes[]>();
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return byProduct;
  const rows = await db
    .select({
      productId: purchaseOrderLines.product_id,
      expectedDate: purchaseOrders.expected_date,
      boxes:
        sql<number>`sum(${purchaseOrderLines.boxes_ordered} - ${purchaseOrderLines.boxes_received})::integer`.mapWith(
          Number,
        ),
    })
    .from(purchaseOrderLines)
    .innerJoin(purchaseOrders, eq(purchaseOrders.id, purchaseOrderLines.purchase_order_id))
    .where(
      and(
        inArray(purchaseOrderLines.product_id, ids),
        inArray(purchaseOrders.status, ["open", "partly_received"]),
        isNotNull(purchaseOrders.expected_date),
      ),
    )
    .groupBy(purchaseOrderLines.product_id, purchaseOrders.expected_date)
    .orderBy(asc(purchaseOrders.expected_date));
  const promised = await backorderedBoxesByProduct(db, ids);
  for (const row of rows) {
    if (row.productId === null || row.expectedDate === null || row.boxes <= 0) continue;
    const taken = Math.min(row.boxes, promised.get(row.productId) ?? 0);
    promised.set(row.productId, (promised.get(row.productId) ?? 0) - taken);
    if (row.boxes - taken <= 0) continue;
    byProduct.set(row.productId, [
      ...(byProduct.get(row.productId) ?? []),
      { boxes: row.boxes - taken, expected_date: row.expectedDate },
    ]);
  }
  return byProduct;
}

/** The boxes a backorder may still take per product: every expected box not yet promised. */
export async function backorderableBoxes(
  db: DbOrTx,
  productIds: number[],
): Promise<Map<number, number>> {
  const expected = await expectedBoxes(db, productIds);
  return new Map(
    [...expected].map(([id, batches]) => [id, batches.reduce((sum, b) => sum + b.boxes, 0)]),
  );
}

/** Purchase orders, newest first (optionally one status). */
export async function listPurchaseOrders(
  db: DbOrTx,
  query: { status?: PurchaseOrderStatus; limit: number },
): Promise<PurchaseOrder[]> {
  const rows = await db
    .select()
    .from(purchaseOrders)
    .where(query.status ? eq(purchaseOrders.status, query.status) : undefined)
    .orderBy(desc(purchaseOrders.id))
    .limit(query.limit);
  const lines = await linesOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toPurchaseOrder(row, lines.get(row.id) ?? []));
}

/** One purchase order with its lines. 404 when there is none. */
export async function getPurchaseOrder(db: DbOrTx, id: number): Promise<PurchaseOrder> {
  const row = await orderRow(db, id);
  return toPurchaseOrder(row, (await linesOf(db, [id])).get(id) ?? []);
}

/** Creates an open purchase order. 422 naming a product that does not exist. Audited. */
export async function createPurchaseOrder(
  db: Db,
  input: PurchaseOrderCreate,
  actor: string,
): Promise<PurchaseOrder> {
  const ids = [...new Set(input.lines.map((line) => line.product_id))];
  const found = new Map((await findProductRows(db, ids)).map((row) => [row.id, row.name]));
  const unknown = ids.find((id) => !found.has(id));
  if (unknown !== undefined) throw invalid(`Product ${unknown} does not exist`);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(purchaseOrders)
      .values({
        vendor: input.vendor,
        expected_date: input.expected_date ?? null,
        notes: input.notes || null,
        created_by: actor,
      })
      .returning();
    if (!row) throw new Error("purchase order insert returned nothing");
    await tx.insert(purchaseOrderLines).values(
      input.lines.map((line) => ({
        purchase_order_id: row.id,
        product_id: line.product_id,
        product_name: found.get(line.product_id) ?? "",
        boxes_ordered: line.boxes_ordered,
        cost_per_box_cents: toCents(line.cost_per_box),
      })),
    );
    const order = await getPurchaseOrder(tx, row.id);
    await writeAudit(tx, {
      actor,
      action: "purchase_order.create",
      entityType: "purchase_order",
      entityId: row.id,
      after: order,
    });
    return order;
  });
}

/**
 * Cancels a purchase order whose boxes are still to come; boxes already received stay in the
 * building. 409 when it is received or cancelled already. Audited.
 */
export async function cancelPurchaseOrder(
  db: Db,
  id: number,
  actor: string,
): Promise<PurchaseOrder> {
  return db.transaction(async (tx) => {
    const row = await orderRow(tx, id, true);
    if (row.status === "received" || row.status === "cancelled")
      throw conflict(
        `${purchaseOrderNumber(id)} is ${row.status === "received" ? "received in full" : "cancelled already"}: there is nothing left to cancel.`,
      );
    await tx
      .update(purchaseOrders)
      .set({ status: "cancelled", updated_at: new Date() })
      .where(eq(purchaseOrders.id, id));
    await writeAudit(tx, {
      actor,
      action: "purchase_order.cancel",
      entityType: "purchase_order",
      entityId: id,
      before: { status: row.status },
      after: { status: "cancelled" },
    });
    return getPurchaseOrder(tx, id);
  });
}

/** The first problem of a receipt against the lines as they are now, as staff read it; or null. */
function receiptProblem(
  receipt: PurchaseReceipt,
  lines: Map<number, PurchaseOrderLineRow>,
): string | null {
  const boxesByLine = new Map<number, number>();
  for (const item of receipt.lines) {
    const line = lines.get(item.line_id);
    if (!line) return `Line ${item.line_id} is not a line of this purchase order.`;
    if (line.product_id === null)
      return `${line.product_name} was deleted from the catalogue: its boxes cannot be received.`;
    boxesByLine.set(line.id, (boxesByLine.get(line.id) ?? 0) + item.boxes);
  }
  for (const [lineId, boxes] of boxesByLine) {
    const line = lines.get(lineId);
    if (!line) continue;
    const remaining = line.boxes_ordered - line.boxes_received;
    if (boxes > remaining)
      return `${line.product_name}: ${boxes} ${boxes === 1 ? "box" : "boxes"} received but only ${remaining} ${remaining === 1 ? "is" : "are"} still to come (${line.boxes_ordered} ordered, ${line.boxes_received} received). Nothing was received.`;
  }
  return null;
}

/**
 * Receives boxes of a purchase order, in full or in part: each receipt line adds its boxes to the
 * PO line and, through the stock module, to on hand (one `received` ledger row naming the
 * purchase order, the dye lot created or filled) and sets the product's cost per box; the boxes
 * then go to the orders waiting for them (backorders), oldest first, exactly once, each customer
 * emailed. The purchase order becomes partly received, or received when every line is. Nothing changes when
 * any line is refused: 409 for a cancelled or received purchase order, 422 for more boxes than
 * are still to come or a line of another purchase order. Audited.
 */
export async function receivePurchaseOrder(
  db: Db,
  id: number,
  receipt: PurchaseReceipt,
  actor: string,
  options: { publicUrl: string } = { publicUrl: "" },
): Promise<PurchaseOrder> {
  return db.transaction(async (tx) => {
    const row = await orderRow(tx, id, true);
    if (row.status === "cancelled" || row.status === "received")
      throw conflict(
        `${purchaseOrderNumber(id)} is ${row.status === "cancelled" ? "cancelled" : "received in full"}: it has no boxes left to receive.`,
      );
    const lines = new Map(((await linesOf(tx, [id])).get(id) ?? []).map((line) => [line.id, line]));
    const problem = receiptProblem(receipt, lines);
    if (problem) throw invalid(problem);
    for (const item of receipt.lines) {
      const line = lines.get(item.line_id);
      if (!line) continue;
      line.boxes_received += item.boxes;
      await tx
        .update(purchaseOrderLines)
        .set({ boxes_received: line.boxes_received })
        .where(eq(purchaseOrderLines.id, line.id));
    }
    const number = purchaseOrderNumber(id);
    // The orders waiting for these products' boxes are locked before any product row (orders,
    // then products: the lock order of every stock change).
    const productIds = receipt.lines.flatMap((item) => {
      const productId = lines.get(item.line_id)?.product_id;
      return productId == null ? [] : [productId];
    });
    await lockWaitingBackorders(tx, productIds);
    const { missing, arrived } = await receiveStock(
      tx,
      receipt.lines.map((item) => {
        const line = lines.get(item.line_id) as PurchaseOrderLineRow;
        return {
          productId: line.product_id as number,
          boxes: item.boxes,
          lotCode: item.lot_code ?? null,
          costPerBoxCents: line.cost_per_box_cents,
        };
      }),
      {
        reference: `Purchase order ${number} from ${row.vendor}`,
        staff: actor,
      },
    );
    if (missing.length > 0)
      throw conflict(
        `A product of ${number} was deleted while it was received. Nothing was received.`,
      );
    // Then the boxes go to the orders waiting for them, oldest first, each emailed once.
    const receivedSoFar = [...lines.values()].reduce((sum, line) => sum + line.boxes_received, 0);
    const allocated = await allocateArrivedBackorders(tx, arrived, {
      staff: actor,
      publicUrl: options.publicUrl,
      receipt: `Purchase order ${number}`,
      receiptKey: `${number}:${receivedSoFar}`,
    });
    const all = [...lines.values()];
    const status: PurchaseOrderStatus = all.every(
      (line) => line.boxes_received === line.boxes_ordered,
    )
      ? "received"
      : "partly_received";
    await tx
      .update(purchaseOrders)
      .set({ status, updated_at: new Date() })
      .where(eq(purchaseOrders.id, id));
    await writeAudit(tx, {
      actor,
      action: "purchase_order.receive",
      entityType: "purchase_order",
      entityId: id,
      before: { status: row.status },
      after: {
        status,
        received: receipt.lines.map((item) => ({
          line_id: item.line_id,
          boxes: item.boxes,
          lot_code: item.lot_code ?? null,
        })),
        backorders_allocated: Object.fromEntries(allocated),
      },
    });
    return getPurchaseOrder(tx, id);
  });
}
