/**
 * Purchase order statuses and their labels (zod-free, so the back office can show them). A
 * purchase order is open until its first receipt, partly received until every line is, and may
 * be cancelled while boxes are still to come.
 */
export const purchaseOrderStatuses = ["open", "partly_received", "received", "cancelled"] as const;
export type PurchaseOrderStatus = (typeof purchaseOrderStatuses)[number];

export const purchaseOrderStatusLabels: Record<PurchaseOrderStatus, string> = {
  open: "Open",
  partly_received: "Partly received",
  received: "Received",
  cancelled: "Cancelled",
};

/** What staff read for a purchase order: "PO-12". */
export function purchaseOrderNumber(id: number): string {
  return `PO-${id}`;
}
