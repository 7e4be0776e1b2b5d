import type { AuditEntry } from "@mcf/contracts/admin";
import { formatShopTime } from "./birmingham-time.ts";

/** One line of an order's history, in words staff use. */
export function describeOrderAudit(entry: AuditEntry): string {
  const after = (entry.after ?? {}) as Record<string, unknown>;
  switch (entry.action) {
    case "order.status":
      return `Status set to ${String(after.status)}${after.stock_returned ? " (stock returned)" : ""}`;
    case "order.shipping":
      return `Shipping saved${after.tracking_number ? `: ${String(after.shipping_carrier ?? "")} ${String(after.tracking_number)}` : ""}`;
    case "order.send_shipped_email":
      return "Shipped email sent";
    case "order.resend_confirmation":
      return "Confirmation email sent again";
    case "order.refunded":
      return `Refunded $${Number(after.amount).toFixed(2)}${after.reason ? ` (${String(after.reason)})` : ""}`;
    case "order.shipment":
      return `Shipment recorded${after.tracking_number ? `: ${String(after.carrier ?? "")} ${String(after.tracking_number)}` : ""}`;
    case "order.ready_for_pickup":
      return "Marked ready for pickup (email sent)";
    case "order.picked_up":
      return `Picked up by ${String(after.picked_up_by ?? "the customer")}`;
    case "order.lot":
      return `Dye lot of ${String(after.product_name)} set to ${String(after.lot_code)}`;
    default:
      return entry.action;
  }
}

/** What staff did to this order, newest first (left out while there is nothing). */
export function OrderHistory({ entries }: { entries: AuditEntry[] }) {
  if (entries.length === 0) return null;
  return (
    <section>
      <h4 className="mb-1 text-xs font-semibold tracking-wide text-stone-600 uppercase">History</h4>
      <ul className="space-y-1 text-xs text-stone-600">
        {entries.map((entry) => (
          <li key={entry.id}>
            <span className="tabular-nums">{formatShopTime(entry.created_at)}</span> ·{" "}
            {describeOrderAudit(entry)}
          </li>
        ))}
      </ul>
    </section>
  );
}
