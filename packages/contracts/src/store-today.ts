// The store's "today", without zod, for the server and the browser alike.

import { storeTimeZone } from "./business.ts";

/** The store keeps Birmingham time: a day starts and ends there, whatever the machine's zone. */
const dayFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: storeTimeZone,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

let lastMinute = Number.NaN;
let lastDay = "";

/**
 * Today's date in the store's time zone as YYYY-MM-DD: the one answer to "what day is it" (coupon
 * expiry, delivery dates, export ranges, file names). Its days change at a whole minute (the
 * zone's offsets are whole hours), so the date read for one minute is the date for all of it:
 * every cart total asks, and formatting in a time zone is one of the costlier steps of pricing.
 */
export function storeToday(now: Date = new Date()): string {
  const minute = Math.floor(now.getTime() / 60_000);
  if (minute !== lastMinute) {
    lastDay = dayFormat.format(now);
    lastMinute = minute;
  }
  return lastDay;
}
