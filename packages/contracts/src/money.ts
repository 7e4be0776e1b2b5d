/** Money is integer cents inside the code; dollars only at the JSON and display edges. */
export function toCents(dollars: number | string): number {
  const value = typeof dollars === "string" ? Number(dollars) : dollars;
  return Math.round(value * 100 + Number.EPSILON * 100);
}

export function toDollars(cents: number): number {
  return Math.round(cents) / 100;
}

/** A finite number as the decimal it prints as: 16.9 is 169 × 10^-1, 1.5e-7 is 15 × 10^-8. */
function decimalDigits(value: number): { digits: bigint; scale: number } {
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(value));
  if (!match) throw new RangeError(`Not a finite number: ${value}`);
  const [, sign = "", whole = "", fraction = "", exponent = "0"] = match;
  const scale = fraction.length - Number(exponent);
  const digits = BigInt(`${sign}${whole}${fraction}`);
  return scale >= 0 ? { digits, scale } : { digits: digits * 10n ** BigInt(-scale), scale: 0 };
}

/**
 * `priceCents × factor`, rounded half up (away from zero) to a whole cent, once. The factor is
 * taken as the decimal it prints as, so 105 × 16.9 is exactly 1774.5 and becomes 1775 (binary
 * floating point makes it 1774.4999…). Throws a RangeError for a non-integer price or a factor
 * that is not a finite number.
 */
export function multiplyCents(priceCents: number, factor: number): number {
  if (!Number.isSafeInteger(priceCents)) throw new RangeError(`Not whole cents: ${priceCents}`);
  const { digits, scale } = decimalDigits(factor);
  const product = BigInt(priceCents) * digits;
  const divisor = 10n ** BigInt(scale);
  const magnitude = ((product < 0n ? -product : product) + divisor / 2n) / divisor;
  return Number(product < 0n ? -magnitude : magnitude);
}

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
export function formatUsd(dollars: number): string {
  return usd.format(dollars);
}
