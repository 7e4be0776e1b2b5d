/** Money is integer cents inside the code; dollars only at the JSON and display edges. */
export function toCents(dollars: number | string): number {
  const value = typeof dollars === "string" ? Number(dollars) : dollars;
  return Math.round(value * 100 + Number.EPSILON * 100);
}

export function toDollars(cents: number): number {
  return Math.round(cents) / 100;
}

/** `numerator / divisor` rounded half away from zero, for a safe-integer numerator. */
function divideHalfUp(numerator: number, divisor: number): number | null {
  const shifted = Math.abs(numerator) + Math.floor(divisor / 2);
  if (!Number.isSafeInteger(shifted)) return null;
  // Both are exact integers below 2^53, so the floating quotient never crosses an integer.
  const magnitude = Math.floor(shifted / divisor);
  return numerator < 0 ? -magnitude : magnitude;
}

/** The same, in BigInt, for factors with many decimals or products past 2^53. */
function multiplyCentsExactly(priceCents: number, factor: number): number {
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(factor));
  const [, sign = "", whole = "", fraction = "", exponent = "0"] = match ?? [];
  const scale = fraction.length - Number(exponent);
  const digits = BigInt(`${sign}${whole}${fraction}`) * 10n ** BigInt(Math.max(0, -scale));
  const divisor = 10n ** BigInt(Math.max(0, scale));
  const product = BigInt(priceCents) * digits;
  const magnitude = ((product < 0n ? -product : product) + divisor / 2n) / divisor;
  return Number(product < 0n ? -magnitude : magnitude);
}

/**
 * `priceCents × factor`, rounded half up (away from zero) to a whole cent, once. The factor is
 * taken as the decimal it prints as, so 105 × 16.9 is exactly 1774.5 and becomes 1775 (binary
 * floating point makes it 1774.4999…). Throws a RangeError for a non-integer price or a factor
 * that is not a finite number.
 */
export function multiplyCents(priceCents: number, factor: number): number {
  if (!Number.isSafeInteger(priceCents)) throw new RangeError(`Not whole cents: ${priceCents}`);
  if (!Number.isFinite(factor)) throw new RangeError(`Not a finite factor: ${factor}`);
  // Fast path: the factor's decimal digits as an integer (16.9 → 169 tenths), all in integers.
  for (let scale = 0, unit = 1; scale <= 6; scale += 1, unit *= 10) {
    const digits = Math.round(factor * unit);
    if (digits / unit !== factor) continue;
    const product = priceCents * digits;
    if (!Number.isSafeInteger(product)) break;
    const rounded = divideHalfUp(product, unit);
    if (rounded !== null) return rounded;
    break;
  }
  return multiplyCentsExactly(priceCents, factor);
}

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
export function formatUsd(dollars: number): string {
  return usd.format(dollars);
}

/**
 * Splits `totalCents` across `weights` in whole cents by rounding the running total: part i gets
 * round(total × (w₀ + … + wᵢ) ÷ Σw) − round(total × (w₀ + … + wᵢ₋₁) ÷ Σw), halves rounded up.
 * The parts always add up to the total, and every run of consecutive parts (one part, or the
 * boxes [from, from + count) of a line) is less than a cent from its exact share, so returns of a
 * line's boxes in any sizes each get their fair share and together exactly the line's. The one
 * rule for prorating money: a discount or the tax over an order's lines, a line's share over its
 * boxes. All zero weights get nothing.
 */
export function allocateCents(totalCents: number, weights: readonly number[]): number[] {
  if (!Number.isSafeInteger(totalCents) || totalCents < 0)
    throw new RangeError(`Not a whole, non-negative number of cents: ${totalCents}`);
  if (weights.some((w) => !Number.isSafeInteger(w) || w < 0))
    throw new RangeError("Weights must be whole, non-negative numbers");
  const sum = BigInt(weights.reduce((a, b) => a + b, 0));
  if (sum === 0n) return weights.map(() => 0);
  // BigInt: total × running weight passes 2^53 for large orders.
  const total = BigInt(totalCents);
  const roundedShare = (running: bigint) => (2n * total * running + sum) / (2n * sum);
  let running = 0n;
  let given = 0n;
  return weights.map((w) => {
    running += BigInt(w);
    const upTo = roundedShare(running);
    const part = Number(upTo - given);
    given = upTo;
    return part;
  });
}

/**
 * The cents of `count` units, starting at unit `from`, when `lineCents` is split evenly over
 * `quantity` units by `allocateCents`: the cents of boxes [from, from + count) of a line.
 */
export function unitsShareCents(
  lineCents: number,
  quantity: number,
  from: number,
  count: number,
): number {
  return allocateCents(lineCents, Array(quantity).fill(1))
    .slice(from, from + count)
    .reduce((a, b) => a + b, 0);
}

/** Cents as dollars with two decimals in text ("1234.50"): CSV columns and audit entries. */
export function dollarsText(cents: number): string {
  return toDollars(cents).toFixed(2);
}
