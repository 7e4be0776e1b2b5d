import type { SavedAddress, SavedAddressInput } from "@mcf/contracts/accounts";
import { addressNotFoundMessage, maxSavedAddresses } from "@mcf/contracts/accounts-options";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.ts";
import { shopperAddresses } from "../../db/schema/accounts.ts";
import { conflict, notFound } from "../../errors.ts";

type AddressRow = typeof shopperAddresses.$inferSelect;

const toSavedAddress = (row: AddressRow): SavedAddress => ({
  id: row.id,
  label: row.label,
  full_name: row.full_name,
  street: row.street,
  city: row.city,
  state: row.state,
  zip_code: row.zip_code,
  country: row.country,
  phone: row.phone,
  is_default: row.is_default,
});

/** The account's addresses, the default first, then newest. */
export async function listAddresses(db: DbOrTx, accountId: string): Promise<SavedAddress[]> {
  const rows = await db
    .select()
    .from(shopperAddresses)
    .where(eq(shopperAddresses.account_id, accountId))
    .orderBy(desc(shopperAddresses.is_default), desc(shopperAddresses.id));
  return rows.map(toSavedAddress);
}

/** One default per account: making one the default unmarks the others. */
async function clearDefault(tx: DbOrTx, accountId: string): Promise<void> {
  await tx
    .update(shopperAddresses)
    .set({ is_default: false })
    .where(and(eq(shopperAddresses.account_id, accountId), eq(shopperAddresses.is_default, true)));
}

/** Saves a new address; the first one is the default. 409 past the most an account keeps. */
export async function addAddress(
  db: Db,
  accountId: string,
  input: SavedAddressInput,
): Promise<SavedAddress> {
  return db.transaction(async (tx) => {
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(shopperAddresses)
      .where(eq(shopperAddresses.account_id, accountId));
    const existing = Number(count?.n ?? 0);
    if (existing >= maxSavedAddresses)
      throw conflict(`An account keeps at most ${maxSavedAddresses} addresses. Remove one first.`);
    const isDefault = input.is_default || existing === 0;
    if (isDefault) await clearDefault(tx, accountId);
    const [row] = await tx
      .insert(shopperAddresses)
      .values({ ...input, account_id: accountId, is_default: isDefault })
      .returning();
    if (!row) throw new Error("address insert returned nothing");
    return toSavedAddress(row);
  });
}

/** Changes one of the account's addresses; another account's address is "not found". */
export async function updateAddress(
  db: Db,
  accountId: string,
  id: number,
  input: SavedAddressInput,
): Promise<SavedAddress> {
  return db.transaction(async (tx) => {
    if (input.is_default) await clearDefault(tx, accountId);
    const [row] = await tx
      .update(shopperAddresses)
      .set({ ...input, updated_at: new Date() })
      .where(and(eq(shopperAddresses.id, id), eq(shopperAddresses.account_id, accountId)))
      .returning();
    if (!row) throw notFound(addressNotFoundMessage);
    return toSavedAddress(row);
  });
}

/** Removes one of the account's addresses; the oldest left becomes the default if none is. */
export async function deleteAddress(db: Db, accountId: string, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(shopperAddresses)
      .where(and(eq(shopperAddresses.id, id), eq(shopperAddresses.account_id, accountId)))
      .returning();
    if (!row) throw notFound(addressNotFoundMessage);
    if (!row.is_default) return;
    const [next] = await tx
      .select({ id: shopperAddresses.id })
      .from(shopperAddresses)
      .where(eq(shopperAddresses.account_id, accountId))
      .orderBy(asc(shopperAddresses.id))
      .limit(1);
    if (next)
      await tx
        .update(shopperAddresses)
        .set({ is_default: true })
        .where(eq(shopperAddresses.id, next.id));
  });
}
