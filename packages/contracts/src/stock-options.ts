/**
 * Stock ledger reasons and their labels (zod-free, so the back office can show them). Every change
 * of a product's on hand, allocated or reserved boxes is one ledger row with one of these reasons.
 */
export const stockReasons = [
  "opening",
  "reserved",
  "allocated",
  "shipped",
  "cancelled",
  "return_restocked",
  "return_written_off",
  "received",
  "counted",
  "damaged",
] as const;
export type StockReason = (typeof stockReasons)[number];

/**
 * What a shopper reads when a cart line wants more boxes than are available now: the cart says it
 * and checkout refuses with it (409), word for word.
 */
export function shortStockMessage(name: string, available: number): string {
  if (available <= 0) return `Sorry, "${name}" is out of stock. Please remove it from your cart.`;
  return `Sorry, only ${available} ${available === 1 ? "box" : "boxes"} of "${name}" ${available === 1 ? "is" : "are"} left. Please lower the quantity in your cart.`;
}

export const stockReasonLabels: Record<StockReason, string> = {
  opening: "Opening balance",
  reserved: "Reserved for a checkout",
  allocated: "Allocated to an order",
  shipped: "Shipped or picked up",
  cancelled: "Cancelled",
  return_restocked: "Return received (restocked)",
  return_written_off: "Return received (written off)",
  received: "Received from a supplier",
  counted: "Counted",
  damaged: "Damaged",
};
