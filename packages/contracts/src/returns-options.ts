// The return rules' constants and words without zod, for browser code (decision 022): the
// closeout pages and the cart show them, and importing returns.ts there would ship zod too.

/**
 * Unopened boxes come back within this many days of shipping (or pickup); closeouts never. The
 * window the store ships with: the owner changes it in Settings (business numbers).
 */
export const returnWindowDays = 30;

/**
 * A return's steps: the customer asks (requested); staff approve it and send the instructions
 * (approved); the boxes come back and are inspected (received); the money goes back (refunded).
 * Staff may decline it before the boxes are received.
 */
export const returnStatuses = [
  "requested",
  "approved",
  "received",
  "refunded",
  "declined",
] as const;
export type ReturnStatus = (typeof returnStatuses)[number];

/** Said where a closeout is added to the cart. */
export const finalSaleNotice = "Final sale: closeouts cannot be returned.";

/** The checkbox a cart with closeouts must tick before paying. */
export const finalSaleAcknowledgement =
  "I understand that closeout items are final sale and cannot be returned.";

/** The refusal when it was not ticked. */
export const finalSaleNotAcknowledged =
  "Your cart has closeout items, which are final sale and cannot be returned. Please tick the box to confirm before paying.";
