import type { AdminOrder } from "@mcf/contracts/admin";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { errorText } from "./admin-queries.ts";
import { adminListKeys } from "./admin-query-keys.ts";
import { useAdminSession } from "./admin-session.tsx";

/**
 * What a press of the button did: the server queues one request per delivered line of boxes
 * that was never asked, so a second press queues none.
 */
export function reviewRequestsOutcome(queued: number): string {
  if (queued === 0) return "Every line of this order has already been asked for a review.";
  return queued === 1
    ? "1 review request email is on its way."
    : `${queued} review request emails are on their way.`;
}

/**
 * A delivered order's "Send review requests" button: the review request emails go now instead of
 * after the days set in Settings (the customer picked up early, or asked). Once per order line,
 * like the automatic pass.
 */
export function OrderReviewRequests({ order }: { order: AdminOrder }) {
  const { request } = useAdminSession();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ text: string; failed: boolean } | null>(null);
  if (order.status !== "delivered") return null;

  async function send() {
    setBusy(true);
    try {
      const { queued } = await request<{ queued: number }>(
        `/api/admin/orders/${order.order_id}/review-requests`,
        { method: "POST" },
      );
      setOutcome({ text: reviewRequestsOutcome(queued), failed: false });
      void client.invalidateQueries({ queryKey: adminListKeys.outbox });
    } catch (caught) {
      setOutcome({ text: errorText(caught, "Failed to send the review requests"), failed: true });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section
      aria-labelledby={`review-requests-${order.order_id}`}
      className="space-y-2 rounded-md border border-stone-200 p-3"
    >
      <h4 id={`review-requests-${order.order_id}`} className="text-sm font-semibold text-navy-800">
        Reviews
      </h4>
      <p className="text-sm text-stone-600">
        Each line of floor gets one email asking for a review, a few days after delivery. Send them
        now instead:
      </p>
      <button type="button" className="btn-outline py-2" disabled={busy} onClick={send}>
        Send review requests
      </button>
      {outcome ? (
        <p
          role={outcome.failed ? "alert" : "status"}
          className={`text-sm ${outcome.failed ? "text-red-700" : "text-green-800"}`}
        >
          {outcome.text}
        </p>
      ) : null}
    </section>
  );
}
