import type { ReactNode } from "react";

/**
 * A description-list label that ends in ": " for anyone reading the text rather than the layout
 * (a screen reader's text, copy and paste, a plain-text capture): "Items: 20 boxes", never
 * "Items20 boxes". On screen the layout already sets label and value apart, so the colon is
 * visually hidden.
 */
export function Term({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <dt className={className}>
      {children}
      <span className="sr-only">: </span>
    </dt>
  );
}

export interface SummaryRowProps {
  label: ReactNode;
  children: ReactNode;
  /** Classes of the row (colour, border, weight). */
  className?: string;
  valueClassName?: string;
  valueTestId?: string;
}

/**
 * One label/value line of a summary (cart, checkout, confirmation, admin order): label at the
 * start, value at the end, with a gap between them however narrow the screen.
 */
export function SummaryRow({
  label,
  children,
  className,
  valueClassName,
  valueTestId,
}: SummaryRowProps) {
  return (
    <div className={`flex justify-between gap-3${className ? ` ${className}` : ""}`}>
      <Term>{label}</Term>
      <dd className={valueClassName} data-testid={valueTestId}>
        {children}
      </dd>
    </div>
  );
}
