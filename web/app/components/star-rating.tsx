import { maxRating } from "@mcf/contracts/reviews-options";

const stars = "★".repeat(maxRating);

/** "4.5" for 4.5, "4" for 4: how an average is read out and printed. */
export function ratingText(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}

/**
 * Five stars filled to `value` (0-5), read by screen readers as "Rated 4.5 out of 5 stars".
 * The filled stars are the same glyphs clipped to the value's width, so half stars show.
 */
export function StarRating({ value, className = "" }: { value: number; className?: string }) {
  const percent = Math.max(0, Math.min(100, (value / maxRating) * 100));
  return (
    <span
      role="img"
      aria-label={`Rated ${ratingText(value)} out of ${maxRating} stars`}
      className={`relative inline-block leading-none tracking-wider whitespace-nowrap text-stone-300 ${className}`}
    >
      <span aria-hidden="true">{stars}</span>
      <span
        aria-hidden="true"
        className="absolute inset-0 overflow-hidden text-amber-600"
        style={{ width: `${percent}%` }}
      >
        {stars}
      </span>
    </span>
  );
}

/** A card's or page's rating line: stars, the average and how many reviews; nothing without any. */
export function RatingSummary({
  average,
  count,
  href,
  className = "",
}: {
  average: number | null;
  count: number;
  /** Where the count leads (the page's reviews). */
  href?: string;
  className?: string;
}) {
  if (average === null || count === 0) return null;
  const countText = `${count} review${count === 1 ? "" : "s"}`;
  return (
    <p className={`flex items-center gap-1.5 text-sm text-stone-700 ${className}`}>
      <StarRating value={average} />
      <span className="font-semibold text-stone-900">{ratingText(average)}</span>
      {href ? (
        <a href={href} className="underline-offset-2 hover:underline">
          ({countText})
        </a>
      ) : (
        <span>({countText})</span>
      )}
    </p>
  );
}
