import type { ReactNode } from "react";
import { useStoreDetails } from "../lib/store-details.ts";

/**
 * A centered row of next-step links that ends with a button calling the store, so that where a
 * page leaves the shopper (a link not found, a payment made) a person is one tap away.
 */
export function CallUsLinks({
  callLabel = "Call",
  className,
  children,
}: {
  /** The words before the store's number on the call button. */
  callLabel?: string;
  /** Classes put before the row's own (its margin). */
  className?: string;
  children: ReactNode;
}) {
  const store = useStoreDetails();
  const row = "flex flex-wrap justify-center gap-3";
  return (
    <div className={className ? `${className} ${row}` : row}>
      {children}
      <a href={store.phone_href} className="btn-outline">
        {`${callLabel} `}
        {store.phone}
      </a>
    </div>
  );
}
