import { type SellingUnit, unitName } from "@mcf/contracts/accessories";
import { formatUsd } from "@mcf/contracts/money";
import { type ReactNode, type RefObject, useEffect, useState } from "react";

/**
 * On a phone the price and Add to Cart sit below the first screen: while the purchase row is out
 * of sight, a bar at the bottom of the screen carries the price and the same add. Wider screens
 * show the panel beside the gallery and never need it.
 */
export function StickyBuyBar({
  watch,
  perBox,
  perSqft,
  unit,
  children,
}: {
  /** The purchase row; the bar shows only while it is off screen. */
  watch: RefObject<HTMLElement | null>;
  perBox: number;
  perSqft: number | null;
  unit: SellingUnit;
  /** The bar's add button. */
  children: ReactNode;
}) {
  const [rowOnScreen, setRowOnScreen] = useState(true);
  useEffect(() => {
    const row = watch.current;
    if (!row || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(([entry]) =>
      setRowOnScreen(entry?.isIntersecting ?? true),
    );
    observer.observe(row);
    return () => observer.disconnect();
  }, [watch]);
  if (rowOnScreen) return null;
  return (
    <div
      data-testid="sticky-buy-bar"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-stone-200 bg-white/95 px-4 py-3 shadow-[0_-4px_12px_rgba(0,0,0,0.08)] backdrop-blur lg:hidden"
    >
      <div className="mx-auto flex max-w-xl items-center justify-between gap-3">
        <p className="leading-tight">
          {perSqft !== null && unit === "box" ? (
            <>
              <span className="text-lg font-bold text-navy-800">{formatUsd(perSqft)}</span>
              <span className="text-sm text-stone-600"> /sq ft</span>
              <br />
              <span className="text-sm text-stone-700">{formatUsd(perBox)} per box</span>
            </>
          ) : (
            <>
              <span className="text-lg font-bold text-navy-800">{formatUsd(perBox)}</span>
              <span className="text-sm text-stone-600"> per {unitName(unit, 1)}</span>
            </>
          )}
        </p>
        {children}
      </div>
    </div>
  );
}
