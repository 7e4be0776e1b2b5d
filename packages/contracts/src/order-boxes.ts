/**
 * The boxes an order line is still for: cancelled boxes were refunded and given back, so they
 * never ship, come back or count; less `shipped`, the boxes that already left in shipments, when
 * given.
 */
export function orderedBoxes(
  item: { quantity: number; cancelled_quantity?: number | undefined },
  shipped = 0,
): number {
  return item.quantity - (item.cancelled_quantity ?? 0) - shipped;
}
