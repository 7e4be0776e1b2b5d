import { allocateCents } from "@mcf/contracts/money";
import type { OrderItemRow, OrderRow } from "../../db/schema/orders.ts";

/**
 * An order's money per line, in cents, by one proration rule (`allocateCents`) that every cancel
 * and return of the order follows, so together they never give back a cent more than was paid:
 * each line's price, its share of the discount by price, and its share of the tax by price after
 * discount. Lines are taken by id, so every split of the order is the same; a line that is not
 * the order's is a bug (throws).
 */
export function lineSharesOf<Line extends Pick<OrderItemRow, "id" | "total_price_cents">>(
  order: Pick<OrderRow, "discount_amount_cents" | "tax_amount_cents">,
  items: Line[],
): (itemId: number) => { item: Line; price: number; discount: number; tax: number } {
  const lines = [...items].sort((a, b) => a.id - b.id);
  const prices = lines.map((item) => item.total_price_cents);
  const discounts = allocateCents(order.discount_amount_cents, prices);
  const taxes = allocateCents(
    order.tax_amount_cents,
    prices.map((price, index) => price - (discounts[index] ?? 0)),
  );
  return (itemId) => {
    const index = lines.findIndex((item) => item.id === itemId);
    const item = lines[index];
    if (!item) throw new Error(`line ${itemId} is not part of the order`);
    return {
      item,
      price: prices[index] ?? 0,
      discount: discounts[index] ?? 0,
      tax: taxes[index] ?? 0,
    };
  };
}
