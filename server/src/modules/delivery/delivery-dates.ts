export { storeToday } from "@mcf/contracts/store-today";

/**
 * The date `days` business days after `isoDate`, as YYYY-MM-DD: Monday to Friday, except the
 * store's closed days (the settings' list). Zero days on a day off moves to the next business
 * day: nothing is picked up or delivered on a weekend or a closed day.
 */
export function addBusinessDays(
  isoDate: string,
  days: number,
  closedDays: ReadonlySet<string>,
): string {
  const date = new Date(`${isoDate}T12:00:00Z`);
  const isDayOff = () =>
    date.getUTCDay() === 0 ||
    date.getUTCDay() === 6 ||
    closedDays.has(date.toISOString().slice(0, 10));
  let left = days;
  while (left > 0 || isDayOff()) {
    date.setUTCDate(date.getUTCDate() + 1);
    if (!isDayOff()) left -= 1;
  }
  return date.toISOString().slice(0, 10);
}
