import { maxRating } from "@mcf/contracts/reviews-options";

const starPath = "M10 1.5l2.6 5.6 6.1.7-4.5 4.2 1.2 6-5.4-3-5.4 3 1.2-6L1.3 7.8l6.1-.7z";

/** A row of five stars drawn in SVG (shapes, not text: nothing for a contrast check to misread). */
function StarRow({ className }: { className: string }) {
  return (
    <svg
      viewBox={`0 0 ${20 * maxRating} 20`}
      className={`h-4 w-20 ${className}`}
      aria-hidden="true"
      focusable="false"
    >
      {Array.from({ length: maxRating }, (_, index) => (
        <path
          key={index}
          d={starPath}
          transform={`translate(${index * 20} 0)`}
          fill="currentColor"
        />
      ))}
    </svg>
  );
}

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
      className={`relative inline-block h-4 w-20 shrink-0 ${className}`}
    >
      <StarRow className="absolute inset-0 text-stone-300" />
      <span className="absolute inset-0 overflow-hidden" style={{ width: `${percent}%` }}>
        <StarRow className="text-amber-500" />
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
