import { orderStatuses } from "@mcf/contracts/orders";
import { describe, expect, it } from "vitest";
import { reopenRefusal, statusMove } from "./order-status.ts";

describe("the status select's moves, one table keyed by (from, to)", () => {
  it("refunds only when cancelling, and refuses only leaving a refunded cancelled order", () => {
    for (const from of orderStatuses)
      for (const to of orderStatuses) {
        const move = statusMove(from, to);
        expect(move.money).toBe(to === "cancelled" ? "refund" : null);
        expect(move.refusalWhenRefunded !== null).toBe(from === "cancelled" && to !== "cancelled");
        expect(move.email).toBe(to === "shipped" ? "order-shipped when asked" : null);
      }
  });

  it("takes the boxes again when leaving cancelled for pending or processing, ships them when shipped or delivered", () => {
    expect(statusMove("cancelled", "processing").stock).toBe("take");
    expect(statusMove("cancelled", "shipped").stock).toBe("ship");
    expect(statusMove("processing", "delivered").stock).toBe("ship");
    expect(statusMove("processing", "cancelled").stock).toBe("return");
  });

  it("tells the back office why a refunded cancelled order cannot be reopened", () => {
    expect(reopenRefusal({ status: "cancelled" }, true)).toBe(
      "This order was cancelled and its payment refunded, so it cannot be reopened or shipped. Place a new order for the customer instead.",
    );
    expect(reopenRefusal({ status: "cancelled" }, false)).toBeNull();
    expect(reopenRefusal({ status: "processing" }, true)).toBeNull();
  });
});
