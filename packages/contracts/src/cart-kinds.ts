// Cart line kinds and the sample limits, without zod, for browser code.

/** A cart or order line holds boxes of flooring (the default) or samples of it. */
export const cartItemKinds = ["box", "sample"] as const;
export type CartItemKind = (typeof cartItemKinds)[number];

/**
 * The sample rules that are not settings: the first samples of an order are free, and an order
 * holds at most so many (a sample is a hand-cut piece, not stock to resell). The price of each
 * sample past the free ones, and the parcel rate of a sample-only order, are settings.
 */
export const sampleRules = {
  freePerOrder: 5,
  maxPerOrder: 20,
} as const;
