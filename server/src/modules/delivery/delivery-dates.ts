import { storeTimeZone } from "@mcf/contracts/business";

/** The store keeps Birmingham time: a day starts and ends there, whatever the server's zone. */
const dayFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: storeTimeZone,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** Today's date in Birmingham as YYYY-MM-DD. */
export function storeToday(now: Date): string {
  return dayFormat.format(now);
}

/**
 * The date `days` business days (Monday to Friday) after `isoDate`, as YYYY-MM-DD. Zero days on
 * a weekend moves to Monday: nothing is picked up or delivered on a Saturday or Sunday.
 */
export function addBusinessDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T12:00:00Z`);
  const isWeekend = () => date.getUTCDay() === 0 || date.getUTCDay() === 6;
  let left = days;
  while (left > 0 || isWeekend()) {
    date.setUTCDate(date.getUTCDate() + 1);
    if (!isWeekend()) left -= 1;
  }
  return date.toISOString().slice(0, 10);
}
