import { formatUsd } from "@mcf/contracts/money";

/** Dollars for a table cell; an em dash when there is no price. */
export function usdOrDash(value: number | null | undefined): string {
  return value === null || value === undefined ? "—" : formatUsd(value);
}

/**
 * Tailwind classes of an order status badge (processing red and pulsing, shipped
 * green, delivered darker green, cancelled grey). White text keeps 4.5:1 on every colour; the
 * processing pulse is a dot beside the text (see StatusBadge), so the text never fades.
 */
export function statusBadgeClass(status: string): string {
  switch (status) {
    case "processing":
      return "bg-red-700 text-white";
    case "shipped":
      return "bg-green-700 text-white";
    case "delivered":
    case "completed":
      return "bg-green-900 text-white";
    case "cancelled":
    case "canceled":
      return "bg-stone-500 text-white";
    case "pending":
      return "bg-amber-400 text-amber-950";
    default:
      return "bg-stone-200 text-stone-800";
  }
}

/** Row tint matching the badge, so a list of orders reads at a glance. */
export function statusRowClass(status: string): string {
  switch (status) {
    case "processing":
      return "bg-red-50";
    case "shipped":
      return "bg-green-50";
    case "delivered":
    case "completed":
      return "bg-green-100/60";
    case "cancelled":
    case "canceled":
      return "bg-stone-100 text-stone-500";
    case "pending":
      return "bg-amber-50";
    default:
      return "";
  }
}

export const capitalize = (value: string) =>
  value ? value.charAt(0).toUpperCase() + value.slice(1) : value;
