/**
 * The cache keys of the back office, in one place. A list's key is its prefix plus its filters
 * (`[...adminListKeys.orders, { status }]`), so an edit can reach every filtered copy through
 * the prefix.
 */
export const adminListKeys = {
  orders: ["admin", "list", "orders"],
  products: ["admin", "list", "products"],
  coupons: ["admin", "list", "coupons"],
  inbox: ["admin", "list", "inbox"],
  reviews: ["admin", "list", "reviews"],
  outbox: ["admin", "list", "outbox"],
  partners: ["admin", "list", "partners"],
  audit: ["admin", "list", "audit"],
  jobs: ["admin", "list", "jobs"],
  samples: ["admin", "list", "samples"],
  staff: ["admin", "list", "staff"],
  purchaseOrders: ["admin", "list", "purchase-orders"],
} as const;

/** One installation job with its estimate, visits and timeline; the crews; a calendar week. */
export const jobKey = (jobId: number) => ["admin", "job", jobId] as const;
export const crewsKey = ["admin", "crews"] as const;
/** The owner's dashboard for a period of days. */
export const dashboardKey = (days: number) => ["admin", "dashboard", days] as const;
export const calendarKey = (week: string) => ["admin", "calendar", week] as const;

/** What the signed-in staff member may refund; who may refund (the owner's settings). */
export const refundAllowanceKey = ["admin", "refund-allowance"] as const;
export const refundPermissionsKey = ["admin", "refund-permissions"] as const;
/** The reconciliation report of one day. */
export const reconciliationKey = (date: string) => ["admin", "reconciliation", date] as const;

/** One order as the detail panel reads it, and its history (the audit entries about it). */
export const orderKey = (orderId: string) => ["admin", "order", orderId] as const;
export const orderHistoryKey = (orderId: string) => ["admin", "order-history", orderId] as const;
/** The dye lots one line of an order may come from (its lot picker), under the order's prefix. */
export const orderLinesLotsKey = (orderId: string) =>
  ["admin", "order-line-lots", orderId] as const;
export const orderLineLotsKey = (orderId: string, itemId: number) =>
  [...orderLinesLotsKey(orderId), itemId] as const;
/** A product's dye lots as the product editor reads them. */
export const productLotsKey = (productId: number) => ["admin", "product-lots", productId] as const;
/** A product's four stock numbers and its ledger (one reason, or every one; one dye lot, or all). */
export const productLedgerKey = (productId: number, reason: string, lotId = "") =>
  ["admin", "product-ledger", productId, reason, lotId] as const;
