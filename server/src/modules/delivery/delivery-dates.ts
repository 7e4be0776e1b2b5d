export { storeToday } from "@mcf/contracts/store-today";

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

/**
 * The US federal holidays of a year as observed (the one table of days off besides weekends):
 * carriers and our warehouse neither pick up nor deliver on them.
 */
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

/**
 * The days a holiday of `year` is observed, worked out once per year: every cart total and
 * delivery quote asks about each day it counts.
 */
const observedDays = new Map<number, Set<string>>();
function holidaysOf(year: number): Set<string> {
  let days = observedDays.get(year);
  if (!days) {
    days = new Set(federalHolidays(year));
    observedDays.set(year, days);
  }
  return days;
}

function isFederalHoliday(date: Date): boolean {
  const day = date.toISOString().slice(0, 10);
  const year = date.getUTCFullYear();
  // Next year's New Year's Day may be observed on this year's December 31.
  return holidaysOf(year).has(day) || holidaysOf(year + 1).has(day);
}

/**
 * The date `days` business days (Monday to Friday, federal holidays excepted) after `isoDate`,
 * as YYYY-MM-DD. Zero days on a day off moves to the next business day: nothing is picked up or
 * delivered on a weekend or a federal holiday.
 */
export function addBusinessDays(isoDate: string, days: number): string {
  // Every cart total counts the same few days from today: each answer is worked out once.
  const key = `${isoDate}+${days}`;
  let answer = businessDaysAfter.get(key);
  if (answer === undefined) {
    if (businessDaysAfter.size >= 512) businessDaysAfter.clear();
    answer = countBusinessDays(isoDate, days);
    businessDaysAfter.set(key, answer);
  }
  return answer;
}
const businessDaysAfter = new Map<string, string>();

function countBusinessDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T12:00:00Z`);
  const isDayOff = () => date.getUTCDay() === 0 || date.getUTCDay() === 6 || isFederalHoliday(date);
  let left = days;
  while (left > 0 || isDayOff()) {
    date.setUTCDate(date.getUTCDate() + 1);
    if (!isDayOff()) left -= 1;
  }
  return date.toISOString().slice(0, 10);
}
