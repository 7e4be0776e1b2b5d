import { storeTimeZone } from "@mcf/contracts/business";
import { formatUsd } from "@mcf/contracts/money";

const visitFormat = new Intl.DateTimeFormat("en-US", {
  weekday: "long",
  month: "long",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZone: storeTimeZone,
});
const timeFormat = new Intl.DateTimeFormat("en-US", {
  hour: "numeric",
  minute: "2-digit",
  timeZone: storeTimeZone,
});

/** "Tuesday, December 1 at 9:00 AM – 11:00 AM", in Birmingham time. */
export function visitWhen(startsAt: string, endsAt: string): string {
  return `${visitFormat.format(new Date(startsAt))} – ${timeFormat.format(new Date(endsAt))}`;
}

export const usd = (dollars: number) => formatUsd(dollars);

const dayFormat = new Intl.DateTimeFormat("en-US", {
  month: "long",
  day: "numeric",
  year: "numeric",
  timeZone: storeTimeZone,
});

/** "December 1, 2026", in Birmingham time. */
export function formatDay(at: string): string {
  return dayFormat.format(new Date(at));
}

/** What the customer reads for each kind of visit. */
export const visitLabels = { measure: "Measure visit", install: "Installation" } as const;

/** How long a floor rests in the house before the crew lays it: "acclimates 1 day". */
export function acclimationText(days: number): string {
  if (days === 0) return "no acclimation needed";
  return `acclimates ${days} ${days === 1 ? "day" : "days"}`;
}
