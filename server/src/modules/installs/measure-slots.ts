import type { Slot } from "@mcf/contracts/booking";
import { storeTimeZone } from "@mcf/contracts/business";
import type { BookingRules } from "@mcf/contracts/store-settings";
import { storeToday } from "@mcf/contracts/store-today";

/**
 * The free measure visits a customer may book, computed from the crews' working days and hours
 * (in the store's time zone), the store's closed days and closed weekdays, the crews' time off
 * and their booked visits. Visits sit on a grid of the slot length plus the travel buffer from
 * the start of a crew's day, and a slot is free when it keeps the buffer from every booked visit
 * and does not touch any time off.
 */

/** A visit is never offered that starts less than this long from now. */
export const minimumNoticeMs = 60 * 60 * 1000;

export interface CrewDay {
  id: number;
  work_start_minute: number;
  work_end_minute: number;
  work_days: number[];
}

export interface Busy {
  crew_id: number;
  starts_at: Date;
  ends_at: Date;
  /** A booked visit keeps the travel buffer on each side; time off does not. */
  visit: boolean;
}

export interface SlotCalendar {
  rules: BookingRules;
  closedDays: readonly string[];
  closedWeekdays: readonly number[];
  crews: readonly CrewDay[];
  busy: readonly Busy[];
}

const hourOf = new Intl.DateTimeFormat("en-US", {
  timeZone: storeTimeZone,
  hourCycle: "h23",
  hour: "numeric",
});
const partsOf = new Intl.DateTimeFormat("en-US", {
  timeZone: storeTimeZone,
  hourCycle: "h23",
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "numeric",
  minute: "numeric",
});

/** Minutes the store's clock is ahead of UTC at `date` (negative in Birmingham). */
function zoneOffsetMinutes(date: Date): number {
  const part = (type: string) =>
    Number(partsOf.formatToParts(date).find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(
    part("year"),
    part("month") - 1,
    part("day"),
    part("hour"),
    part("minute"),
  );
  return Math.round((asUtc - Math.floor(date.getTime() / 60_000) * 60_000) / 60_000);
}

/** The instant the store's clock reads `minute` minutes after midnight on `day` (YYYY-MM-DD). */
export function storeInstant(day: string, minute: number): Date {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const wall = Date.UTC(year, month - 1, date, 0, minute);
  const first = wall - zoneOffsetMinutes(new Date(wall)) * 60_000;
  return new Date(wall - zoneOffsetMinutes(new Date(first)) * 60_000);
}

/** `day` plus `count` days, as YYYY-MM-DD. */
export function addDays(day: string, count: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + count);
  return date.toISOString().slice(0, 10);
}

const weekdayOfDay = (day: string) => new Date(`${day}T12:00:00Z`).getUTCDay();

/** "08:00" ↔ 480. */
export const clockOf = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;
export const minuteOf = (clock: string) => {
  const [hours, minutes] = clock.split(":").map(Number) as [number, number];
  return hours * 60 + minutes;
};

/** The first and last instant of the booking window that starts today (store time). */
export function bookingWindow(rules: BookingRules, now: Date): { from: Date; to: Date } {
  const today = storeToday(now);
  return { from: storeInstant(today, 0), to: storeInstant(addDays(today, rules.window_days), 0) };
}

function overlapsBusy(
  crewId: number,
  start: Date,
  end: Date,
  busy: readonly Busy[],
  bufferMs: number,
): boolean {
  return busy.some((entry) => {
    if (entry.crew_id !== crewId) return false;
    const margin = entry.visit ? bufferMs : 0;
    return (
      start.getTime() < entry.ends_at.getTime() + margin &&
      end.getTime() + margin > entry.starts_at.getTime()
    );
  });
}

/**
 * Every slot of the booking window, soonest first (then by crew): with `includeBusy` also the
 * slots a visit or time off already holds (to tell "taken" from "never offered").
 */
export function measureSlots(
  calendar: SlotCalendar,
  now: Date,
  options: { includeBusy?: boolean } = {},
): Slot[] {
  const { rules } = calendar;
  const today = storeToday(now);
  const slotMs = rules.slot_minutes * 60_000;
  const bufferMs = rules.buffer_minutes * 60_000;
  const pastSameDayCutoff = Number(hourOf.format(now)) >= rules.same_day_cutoff_hour;
  const slots: Slot[] = [];
  for (let offset = 0; offset < rules.window_days; offset += 1) {
    const day = addDays(today, offset);
    if (offset === 0 && pastSameDayCutoff) continue;
    const weekday = weekdayOfDay(day);
    if (calendar.closedDays.includes(day) || calendar.closedWeekdays.includes(weekday)) continue;
    for (const crew of calendar.crews) {
      if (!crew.work_days.includes(weekday)) continue;
      const step = rules.slot_minutes + rules.buffer_minutes;
      for (
        let minute = crew.work_start_minute;
        minute + rules.slot_minutes <= crew.work_end_minute;
        minute += step
      ) {
        const start = storeInstant(day, minute);
        const end = new Date(start.getTime() + slotMs);
        if (start.getTime() < now.getTime() + minimumNoticeMs) continue;
        if (!options.includeBusy && overlapsBusy(crew.id, start, end, calendar.busy, bufferMs))
          continue;
        slots.push({ start: start.toISOString(), end: end.toISOString(), crew_id: crew.id });
      }
    }
  }
  return slots.sort((a, b) => a.start.localeCompare(b.start) || a.crew_id - b.crew_id);
}
