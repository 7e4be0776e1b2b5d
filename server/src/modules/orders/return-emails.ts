import type { DbOrTx } from "../../db/client.ts";
import type { OrderReturnRow, OrderRow } from "../../db/schema/orders.ts";
import { enqueueMail } from "../../mail/outbox.ts";
import { storeIdentity } from "../../mail/store-identity.ts";
import { renderEmail } from "../../mail/templates.ts";
import { trackingPageUrl } from "./order-views.ts";

/**
 * Queues the email that tells the customer their return was approved and how to send the boxes
 * back. Once per return, whatever staff chose about emails: without it the boxes never come back.
 */
export function queueReturnApprovedEmail(
  db: DbOrTx,
  order: OrderRow,
  row: OrderReturnRow,
  options: { publicUrl: string },
): Promise<boolean> {
  const boxes = row.lines.map((line) => `${line.quantity} × ${line.product_name}`).join(", ");
  const content = renderEmail({
    subject: `Your return for order ${order.friendly_order_id} is approved: how to send it back`,
    heading: `We approved your return for order ${order.friendly_order_id}`,
    paragraphs: [
      `Please send back: ${boxes}.`,
      `How to send them: ${row.instructions ?? ""}`,
      "We refund you once the boxes reach us and we have checked them. Boxes must be unopened, in their original packaging.",
    ],
    table: [
      ["Order", order.friendly_order_id],
      ["Return", String(row.id)],
    ],
    action: {
      label: "View your return",
      url: trackingPageUrl(options.publicUrl, order.tracking_token),
    },
    footnotes: [`Questions about your return? Call us at ${storeIdentity().phone}.`],
  });
  return enqueueMail(db, {
    kind: "order-return-approved",
    to: order.customer_email,
    dedupeKey: `order-return-approved:${row.id}`,
    ...content,
  });
}
