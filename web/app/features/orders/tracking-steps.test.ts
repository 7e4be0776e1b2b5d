import { describe, expect, it } from "vitest";
import { statusLabel, trackingSteps } from "./tracking-steps.ts";

const doneLabels = (status: string) =>
  trackingSteps(status)
    .filter((step) => step.done)
    .map((step) => step.label);

describe("tracking progress", () => {
  it("a pending order has only Order Placed done", () => {
    expect(doneLabels("pending")).toEqual(["Order Placed"]);
  });

  it("each status marks the steps the spec lists", () => {
    expect(doneLabels("processing")).toEqual(["Order Placed", "Processing"]);
    expect(doneLabels("shipped")).toEqual(["Order Placed", "Processing", "Shipped"]);
    expect(doneLabels("delivered")).toEqual(["Order Placed", "Processing", "Shipped", "Delivered"]);
    expect(doneLabels("Completed")).toEqual(doneLabels("delivered"));
  });

  it("a cancelled order replaces the last step with Cancelled, in either spelling", () => {
    for (const status of ["cancelled", "canceled"]) {
      expect(trackingSteps(status).map((step) => step.label)).toEqual([
        "Order Placed",
        "Processing",
        "Shipped",
        "Cancelled",
      ]);
      expect(doneLabels(status)).toEqual(["Order Placed", "Processing", "Cancelled"]);
    }
  });

  it("status labels are capitalised and both cancel spellings read Cancelled", () => {
    expect(statusLabel("shipped")).toBe("Shipped");
    expect(statusLabel("canceled")).toBe("Cancelled");
  });
});
