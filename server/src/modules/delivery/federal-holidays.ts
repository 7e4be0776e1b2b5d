/**
 * The US federal holidays as observed: only the source of the closed days the store ships with
 * (the Settings tab's "Closed days"); quotes count the owner's list, not this rule.
 */

const iso = (year: number, month: number, day: number) =>
  new Date(Date.UTC(year, month - 1, day, 12)).toISOString().slice(0, 10);

/** The `nth` weekday (0 Sunday … 6 Saturday) of a month; `nth` -1 is the last one. */
function nthWeekday(year: number, month: number, weekday: number, nth: number): string {
  if (nth === -1) {
    const last = new Date(Date.UTC(year, month, 0, 12));
    last.setUTCDate(last.getUTCDate() - ((last.getUTCDay() - weekday + 7) % 7));
    return last.toISOString().slice(0, 10);
  }
  const first = new Date(Date.UTC(year, month - 1, 1, 12));
  return iso(year, month, 1 + ((weekday - first.getUTCDay() + 7) % 7) + (nth - 1) * 7);
}

/** A fixed-date holiday on a Saturday is observed the Friday before, on a Sunday the Monday after. */
function observed(year: number, month: number, day: number): string {
  const weekday = new Date(Date.UTC(year, month - 1, day, 12)).getUTCDay();
  return iso(year, month, day + (weekday === 6 ? -1 : weekday === 0 ? 1 : 0));
}

/** The US federal holidays of a year as observed. */
export function federalHolidays(year: number): string[] {
  return [
    observed(year, 1, 1), // New Year's Day (a Saturday one is observed on December 31 before)
    nthWeekday(year, 1, 1, 3), // Birthday of Martin Luther King, Jr.
    nthWeekday(year, 2, 1, 3), // Washington's Birthday
    nthWeekday(year, 5, 1, -1), // Memorial Day
    observed(year, 6, 19), // Juneteenth
    observed(year, 7, 4), // Independence Day
    nthWeekday(year, 9, 1, 1), // Labor Day
    nthWeekday(year, 10, 1, 2), // Columbus Day
    observed(year, 11, 11), // Veterans Day
    nthWeekday(year, 11, 4, 4), // Thanksgiving Day
    observed(year, 12, 25), // Christmas Day
  ];
}

/** The observed federal holidays of `year` and the year after, in date order, without repeats. */
export function federalHolidaysOf(year: number): string[] {
  return [...new Set([...federalHolidays(year), ...federalHolidays(year + 1)])].sort();
}
