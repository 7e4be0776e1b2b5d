import type { ReorderLine, ReorderPlan } from "@mcf/contracts/accounts";
import { orderNotInAccountMessage } from "@mcf/contracts/accounts-options";
import { toDollars } from "@mcf/contracts/money";
import type { DbOrTx } from "../../db/client.ts";
import { notFound } from "../../errors.ts";
import type { ProductLotRow } from "../catalog/catalog.service.ts";
import { findProductRows, lotsOfProducts } from "../catalog/catalog.service.ts";
import { listOrdersByEmail, normalizeOrderNumber } from "../orders/orders.service.ts";
import { publicPriceOf } from "../pricing/pricing.service.ts";

const boxes = (n: number) => `${n} ${n === 1 ? "box" : "boxes"}`;

/**
 * The lot to offer when the original one cannot give any box: among the lots with boxes, those
 * that cover the whole line first, then the one whose code sits nearest the original's (lots
 * made close together match best); without an original code, the fullest lot.
 */
export function closestLot(
  lots: ProductLotRow[],
  originalCode: string | null,
  wanted: number,
): ProductLotRow | null {
  const candidates = lots.filter((lot) => lot.boxes > 0 && lot.lot_code !== originalCode);
  if (candidates.length === 0) return null;
  const codes = [...new Set([...lots.map((lot) => lot.lot_code), originalCode ?? ""])].sort();
  const position = (code: string) => codes.indexOf(code);
  const origin = originalCode === null ? null : position(originalCode);
  return (
    [...candidates].sort((a, b) => {
      const coversA = a.boxes >= wanted ? 0 : 1;
      const coversB = b.boxes >= wanted ? 0 : 1;
      if (coversA !== coversB) return coversA - coversB;
      if (origin !== null) {
        const distance =
          Math.abs(position(a.lot_code) - origin) - Math.abs(position(b.lot_code) - origin);
        if (distance !== 0) return distance;
      }
      return b.boxes - a.boxes;
    })[0] ?? null
  );
}

/**
 * "Re-order the same dye lot" of one of the account's orders: for each box line, the lot its
 * boxes came from while it has enough; its remaining boxes when it has fewer; the closest other
 * lot, with a warning, when it has none; nothing when no lot has boxes. A floor without dye lots
 * is offered as ordered. The plan only reads: the cart line names the lot, and checkout takes the
 * boxes from it.
 */
export async function reorderPlan(
  db: DbOrTx,
  email: string,
  orderNumber: string,
): Promise<ReorderPlan> {
  const wantedNumber = normalizeOrderNumber(orderNumber);
  const order = (await listOrdersByEmail(db, email)).find(
    (candidate) => normalizeOrderNumber(candidate.order_number) === wantedNumber,
  );
  if (!order) throw notFound(orderNotInAccountMessage);
  const boxLines = order.lines.filter(
    (line): line is typeof line & { product_id: number } =>
      line.kind === "box" && line.product_id !== null && line.quantity > 0,
  );
  const productIds = [...new Set(boxLines.map((line) => line.product_id))];
  const products = new Map((await findProductRows(db, productIds)).map((row) => [row.id, row]));
  const lotsByProduct = await lotsOfProducts(db, productIds);
  const lines = boxLines.flatMap((line): ReorderLine[] => {
    const product = products.get(line.product_id);
    // A floor no longer sold, or an accessory: nothing to put back in the cart.
    if (product?.selling_unit !== "box") return [];
    const price = publicPriceOf(product);
    const base = {
      product_id: line.product_id,
      product_name: product.name,
      ordered_boxes: line.quantity,
      price_per_box: price.perBoxCents === null ? null : toDollars(price.perBoxCents),
      sqft_per_box: Number(product.sqft_per_carton ?? 0),
      image_url: product.thumbnail_image_url ?? product.main_image_url ?? line.image_url,
    };
    const lots = lotsByProduct.get(line.product_id) ?? [];
    if (lots.length === 0)
      return [
        {
          ...base,
          outcome: "no_lots" as const,
          lot_id: null,
          lot_code: null,
          boxes: line.quantity,
          lot_boxes_left: 0,
          warning: null,
        },
      ];
    const original = line.lot_id === null ? undefined : lots.find((lot) => lot.id === line.lot_id);
    const originalCode = original?.lot_code ?? (line.lot_id === null ? null : line.lot_code);
    if (original && original.boxes >= line.quantity)
      return [
        {
          ...base,
          outcome: "same_lot" as const,
          lot_id: original.id,
          lot_code: original.lot_code,
          boxes: line.quantity,
          lot_boxes_left: original.boxes,
          warning: null,
        },
      ];
    if (original && original.boxes > 0)
      return [
        {
          ...base,
          outcome: "same_lot_short" as const,
          lot_id: original.id,
          lot_code: original.lot_code,
          boxes: original.boxes,
          lot_boxes_left: original.boxes,
          warning: `Lot ${original.lot_code} has only ${boxes(original.boxes)} left of the ${line.quantity} you ordered: we added what is left. For more, call us and we will help you match the shade.`,
        },
      ];
    const closest = closestLot(lots, originalCode, line.quantity);
    const was = originalCode
      ? `Lot ${originalCode} is sold out.`
      : "Your boxes came from more than one lot.";
    if (!closest)
      return [
        {
          ...base,
          outcome: "sold_out" as const,
          lot_id: null,
          lot_code: null,
          boxes: 0,
          lot_boxes_left: 0,
          warning: `${was} No other lot of this floor is in stock now. Call us and we will tell you when more arrives.`,
        },
      ];
    return [
      {
        ...base,
        outcome: "closest_lot" as const,
        lot_id: closest.id,
        lot_code: closest.lot_code,
        boxes: Math.min(line.quantity, closest.boxes),
        lot_boxes_left: closest.boxes,
        warning: `${was} These boxes come from lot ${closest.lot_code}, the closest we have: its shade may differ slightly from your floor, so lay it in another room or blend boxes from both lots.`,
      },
    ];
  });
  return { order_number: order.order_number, lines };
}
