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
