import type { ReactNode } from "react";

/**
 * A scrolling box around a long table (the products table scrolls within 60% of the
 * viewport). It is focusable so keyboard users can scroll it too (WCAG 2.1.1; axe
 * "scrollable-region-focusable"), and labelled so that stop is announced.
 */
export function ScrollRegion({
  label,
  className,
  children,
}: {
  label: string;
  className: string;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
    <section aria-label={label} tabIndex={0} className={`overflow-auto ${className}`}>
      {children}
    </section>
  );
}
