import { sql } from "drizzle-orm";

/**
 * What a box of an order line (`oi`) cost the store when the order was placed, for margins; lines
 * of orders placed before that was kept fall back to the product's (`p`, left joined) cost today.
 */
export const lineCost = sql`coalesce(oi.cost_per_box_cents, p.cost_per_box_cents)`;
