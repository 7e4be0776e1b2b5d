import type { AdminOrder } from "@mcf/contracts/admin";
import { describe, expect, it } from "vitest";
import { linesCancellable, refundBlocked } from "./order-line-cancel.tsx";

const order = (fields: Partial<AdminOrder>) =>
  ({ payment_status: "paid", status: "processing", shipped_at: null, ...fields }) as AdminOrder;

describe("the order panel offers a line cancel or a refund only when the server would make it", () => {
  it("offers cancelling lines of a paid order that has not shipped, and of no other", () => {
    expect(linesCancellable(order({}))).toBe(true);
    expect(linesCancellable(order({ status: "pending" }))).toBe(true);
    expect(linesCancellable(order({ payment_status: "unpaid" }))).toBe(false);
    expect(linesCancellable(order({ status: "shipped" }))).toBe(false);
    expect(linesCancellable(order({ status: "cancelled" }))).toBe(false);
    expect(linesCancellable(order({ shipped_at: "2026-11-28T10:00:00Z" }))).toBe(false);
  });

  it("says why a refund is beyond the staff member's role, or nothing when it is within it", () => {
    expect(refundBlocked(undefined, 500)).toBeNull();
    expect(refundBlocked({ may_refund: true, max_refund: null, refusal: null }, 9999)).toBeNull();
    expect(refundBlocked({ may_refund: true, max_refund: 100, refusal: null }, 100)).toBeNull();
    expect(refundBlocked({ may_refund: true, max_refund: 100, refusal: null }, 100.01)).toBe(
      "A refund of $100.01 is more than the $100.00 your role may refund at once. Ask the owner to do it.",
    );
    expect(refundBlocked({ may_refund: false, max_refund: null, refusal: "No refunds." }, 1)).toBe(
      "No refunds.",
    );
  });
});
