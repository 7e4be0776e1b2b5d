export interface TrackingStep {
  label: string;
  done: boolean;
}

const processingDone = ["processing", "shipped", "delivered", "cancelled", "canceled", "completed"];
const shippedDone = ["shipped", "delivered", "completed"];
const deliveredDone = ["delivered", "completed"];

export function isCancelledStatus(status: string): boolean {
  const value = status.toLowerCase();
  return value === "cancelled" || value === "canceled";
}

/**
 * The four steps of the tracking progress bar: Order Placed is always done;
 * a cancelled order shows Cancelled, done, in place of the last step.
 */
export function trackingSteps(status: string): TrackingStep[] {
  const value = status.toLowerCase();
  const steps: TrackingStep[] = [
    { label: "Order Placed", done: true },
    { label: "Processing", done: processingDone.includes(value) },
    { label: "Shipped", done: shippedDone.includes(value) },
    { label: "Delivered", done: deliveredDone.includes(value) },
  ];
  if (isCancelledStatus(value)) steps[3] = { label: "Cancelled", done: true };
  return steps;
}

/** "processing" → "Processing"; "canceled" is shown as "Cancelled". */
export function statusLabel(status: string): string {
  if (isCancelledStatus(status)) return "Cancelled";
  return status.charAt(0).toUpperCase() + status.slice(1).toLowerCase();
}
