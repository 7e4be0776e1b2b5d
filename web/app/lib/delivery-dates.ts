/** "2026-12-01" → "Tue, Dec 1": how delivery and pickup dates read on every page. */
export function formatDeliveryDate(isoDate: string): string {
  return new Date(`${isoDate}T12:00:00Z`).toLocaleDateString("en-US", {
    timeZone: "UTC",
    weekday: "short",
    month: "short",
    day: "numeric",
  });
}

/** What a date means for a method: ready at the showroom, or at the door. */
export function deliveryDateLabel(method: string): string {
  return method === "pickup" ? "Ready for pickup" : "Estimated delivery";
}
