// Store details as the public sees them, without zod, for browser code (as *-options.ts are).
import type { StoreSettings } from "./store-settings.ts";

/** "tel:+12055550148" from any of the phone shapes the schema accepts. */
export function phoneHref(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  return `tel:+${digits.length === 10 ? `1${digits}` : digits}`;
}

export function formatAddress(address: StoreSettings["address"]): string {
  return `${address.street}, ${address.city}, ${address.state} ${address.zip}`;
}

/** The public's name of a collection: its display name when the owner gave one, else the code. */
export function collectionDisplayName(
  names: Record<string, string>,
  code: string | null | undefined,
): string {
  if (!code) return "";
  return names[code] ?? names[code.toUpperCase()] ?? code;
}
