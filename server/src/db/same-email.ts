import { type AnyColumn, type SQL, sql } from "drizzle-orm";

/**
 * An email column holding `email` as a person reads it: letter case and the spaces typed around
 * it never matter. Both sides go through `lower()`, the expression the account tables' unique
 * email indexes are built on, so those indexes serve the lookup.
 */
export function sameEmail(column: AnyColumn, email: string): SQL {
  return sql`lower(${column}) = lower(${email.trim()})`;
}
