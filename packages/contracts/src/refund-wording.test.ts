import { describe, expect, it } from "vitest";
import { statusConsequence } from "./refund-wording.ts";

describe("what a status change does to an order's money, said before staff confirm", () => {
  const paid = { status: "processing", payment_provider: "test", balance: 0, refundable: 434.63 };

  it("cancelling a paid order names the refund, where it goes and the email", () => {
    expect(statusConsequence(paid, "cancelled")).toBe(
      "This cancels the order, refunds $434.63 to the test card used at checkout (test mode: no real money moves) and emails the customer.",
    );
    expect(statusConsequence({ ...paid, payment_provider: "stripe" }, "cancelled")).toBe(
      "This cancels the order, refunds $434.63 to the card the order was paid with and emails the customer.",
    );
  });

  it("cancelling an order that already shipped says so first", () => {
    expect(statusConsequence({ ...paid, status: "shipped" }, "cancelled")).toMatch(
      /^This order was already shipped\. This cancels the order, refunds \$434\.63/,
    );
  });

  it("cancelling an order with a part shipment says the refund covers the boxes that left", () => {
    const partShipped = { ...paid, shipments: [{ lines: [{ boxes: 2 }, { boxes: 1 }] }] };
    expect(statusConsequence(partShipped, "cancelled")).toBe(
      "3 boxes of this order already shipped, and the refund covers them too. This cancels the order, refunds $434.63 to the test card used at checkout (test mode: no real money moves) and emails the customer.",
    );
    const oneBox = { ...paid, shipments: [{ lines: [{ boxes: 1 }] }] };
    expect(statusConsequence(oneBox, "cancelled")).toMatch(
      /^1 box of this order already shipped, and the refund covers it too\./,
    );
  });

  it("reopening a cancelled order that nothing paid names the balance it leaves due", () => {
    const abandoned = {
      status: "cancelled",
      payment_provider: "test",
      balance: 260.55,
      refundable: 0,
    };
    expect(statusConsequence(abandoned, "processing")).toBe(
      "Nothing is paid on this order: reopening it holds its boxes again and leaves $260.55 due from the customer.",
    );
    expect(statusConsequence(abandoned, "shipped")).toBe(
      "This order is not paid: marking it shipped leaves $260.55 due from the customer.",
    );
    expect(statusConsequence({ ...abandoned, balance: 0 }, "processing")).toBeNull();
  });

  it("shipping or delivering an unpaid order names the balance left due", () => {
    const unpaid = { status: "pending", payment_provider: "test", balance: 120.5, refundable: 0 };
    expect(statusConsequence(unpaid, "shipped")).toBe(
      "This order is not paid: marking it shipped leaves $120.50 due from the customer.",
    );
    expect(statusConsequence(unpaid, "delivered")).toContain("marking it delivered");
  });

  it("says nothing when no money moves", () => {
    expect(statusConsequence(paid, "shipped")).toBeNull();
    expect(statusConsequence({ ...paid, refundable: 0 }, "cancelled")).toBeNull();
    expect(statusConsequence({ ...paid, status: "cancelled" }, "cancelled")).toBeNull();
  });
});
