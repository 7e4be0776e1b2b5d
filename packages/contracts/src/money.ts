/** Money is integer cents inside the code; dollars only at the JSON and display edges. */
export function toCents(dollars: number | string): number {
  const value = typeof dollars === "string" ? Number(dollars) : dollars;
  return Math.round(value * 100 + Number.EPSILON * 100);
}

export function toDollars(cents: number): number {
  return Math.round(cents) / 100;
}

/** Round half up to the cent, once per line. */
export function multiplyCents(priceCents: number, factor: number): number {
  return Math.round(priceCents * factor + 1e-9);
}

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
export function formatUsd(dollars: number): string {
  return usd.format(dollars);
}
