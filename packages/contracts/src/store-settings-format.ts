// Store details as the public sees them, without zod, for browser code (as *-options.ts are).

/** "tel:+12055550148" from any of the phone shapes the schema accepts. */
export function phoneHref(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  return `tel:+${digits.length === 10 ? `1${digits}` : digits}`;
}

/** "123 Main St, Birmingham, AL 35203". */
export function formatAddress(address: {
  street: string;
  city: string;
  state: string;
  zip: string;
}): string {
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
