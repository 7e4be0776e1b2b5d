// The return rules' constants and words without zod, for browser code (decision 022): the
// closeout pages and the cart show them, and importing returns.ts there would ship zod too.

/**
 * Unopened boxes come back within this many days of shipping (or pickup); closeouts never. The
 * window the store ships with: the owner changes it in Settings (business numbers).
 */
export const returnWindowDays = 30;

export const returnStatuses = ["requested", "refunded", "declined"] as const;
export type ReturnStatus = (typeof returnStatuses)[number];

/** Said where a closeout is added to the cart. */
export const finalSaleNotice = "Final sale: closeouts cannot be returned.";

/** The checkbox a cart with closeouts must tick before paying. */
export const finalSaleAcknowledgement =
  "I understand that closeout items are final sale and cannot be returned.";

/** The refusal when it was not ticked. */
export const finalSaleNotAcknowledged =
  "Your cart has closeout items, which are final sale and cannot be returned. Please tick the box to confirm before paying.";
