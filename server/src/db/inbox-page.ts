import { desc, eq } from "drizzle-orm";
import type { AnyPgColumn, PgSelect } from "drizzle-orm/pg-core";

/**
 * One page of a staff inbox (leads, delivery claims, the mail outbox): the rows in the asked
 * status, or in every status when none is asked, newest first; the id breaks ties between rows
 * written in the same instant. `select` is `db.select().from(table).$dynamic()`.
 */
export function inboxPage<T extends PgSelect>(
  select: T,
  table: { status: AnyPgColumn; created_at: AnyPgColumn; id: AnyPgColumn },
  query: { status?: string; limit: number; offset: number },
) {
  return select
    .where(query.status ? eq(table.status, query.status) : undefined)
    .orderBy(desc(table.created_at), desc(table.id))
    .limit(query.limit)
    .offset(query.offset);
}
