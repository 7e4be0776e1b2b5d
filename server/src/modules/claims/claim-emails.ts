import type { ClaimFields } from "@mcf/contracts/claims";
import { type EmailContent, renderEmail } from "../../mail/templates.ts";
import type { OrderRow } from "../orders/orders.service.ts";

/** The staff notice of a new damage or shortage claim. */
export function claimStaffEmail(
  order: OrderRow,
  claim: ClaimFields,
  photoCount: number,
  inboxUrl: string,
): EmailContent {
  const kind = claim.kind === "damage" ? "Damage" : "Shortage";
  return renderEmail({
    subject: `${kind} claim on order ${order.friendly_order_id}`,
    heading: `${kind} claim from ${order.customer_name}`,
    paragraphs: [
      `${order.customer_name} reported a ${claim.kind} on order ${order.friendly_order_id} from its tracking page. Reply to this email to answer them directly; the photos are in the back office's inbox.`,
    ],
    table: [
      ["Order", order.friendly_order_id],
      ["Carrier", order.shipping_carrier ?? "—"],
      ["PRO / tracking number", order.tracking_number ?? "—"],
      ["Boxes affected", `${claim.boxes_affected} of ${order.total_cartons}`],
      ["What happened", claim.description],
      ["Photos", String(photoCount)],
      ["Phone", order.customer_phone],
    ],
    footnotes: [`Back office inbox: ${inboxUrl}`],
  });
}
