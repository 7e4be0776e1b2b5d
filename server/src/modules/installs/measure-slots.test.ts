import { shippedBookingRules } from "@mcf/contracts/store-settings";
import { describe, expect, it } from "vitest";
import { type Busy, measureSlots, type SlotCalendar, storeInstant } from "./measure-slots.ts";

// Friday 4 December 2026, 7:00 in Birmingham (13:00 UTC; the store keeps Central time).
const fridayMorning = new Date("2026-12-04T13:00:00Z");
const crew = {
  id: 1,
  work_start_minute: 8 * 60,
  work_end_minute: 17 * 60,
  work_days: [1, 2, 3, 4, 5],
};

function calendar(overrides: Partial<SlotCalendar> = {}): SlotCalendar {
  return {
    rules: { ...shippedBookingRules },
    closedDays: [],
    closedWeekdays: [0],
    crews: [crew],
    busy: [],
    ...overrides,
  };
}

/** The slot starts of one store day, as "HH:MM" store time. */
function startsOn(slots: Array<{ start: string; crew_id: number }>, day: string, crewId = 1) {
  const from = storeInstant(day, 0).getTime();
  const to = storeInstant(day, 24 * 60).getTime();
  return slots
    .filter((s) => s.crew_id === crewId && Date.parse(s.start) >= from && Date.parse(s.start) < to)
    .map((s) => {
      const minutes = (Date.parse(s.start) - from) / 60_000;
      return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
    });
}

describe("free measure slots", () => {
  it("fills a crew's working hours with the visit length plus the travel buffer, in store time", () => {
    const slots = measureSlots(calendar(), fridayMorning);
    expect(startsOn(slots, "2026-12-07")).toEqual([
      "08:00",
      "09:30",
      "11:00",
      "12:30",
      "14:00",
      "15:30",
    ]);
    const first = slots.find((s) => s.start === "2026-12-07T14:00:00.000Z");
    expect(first).toEqual({
      start: "2026-12-07T14:00:00.000Z",
      end: "2026-12-07T15:00:00.000Z",
      crew_id: 1,
    });
    // Another crew's own hours.
    const late = { ...crew, id: 2, work_start_minute: 12 * 60, work_end_minute: 15 * 60 };
    const both = measureSlots(calendar({ crews: [crew, late] }), fridayMorning);
    expect(startsOn(both, "2026-12-07", 2)).toEqual(["12:00", "13:30"]);
  });

  it("skips the crew's days off, the store's closed days and weekdays, and its blocked times", () => {
    const saturdayCrew = { ...crew, work_days: [1, 2, 3, 4, 5, 6] };
    const blocked: Busy = {
      crew_id: 1,
      starts_at: storeInstant("2026-12-08", 12 * 60),
      ends_at: storeInstant("2026-12-08", 24 * 60),
      visit: false,
    };
    const slots = measureSlots(
      calendar({ crews: [saturdayCrew], closedDays: ["2026-12-09"], busy: [blocked] }),
      fridayMorning,
    );
    expect(startsOn(slots, "2026-12-05")).toHaveLength(6); // Saturday, a working day of this crew
    expect(startsOn(slots, "2026-12-06")).toEqual([]); // Sunday: the store is closed
    expect(startsOn(slots, "2026-12-09")).toEqual([]); // a closed day in Settings
    expect(startsOn(slots, "2026-12-08")).toEqual(["08:00", "09:30", "11:00"]); // blocked from noon
    const weekdaysOnly = measureSlots(calendar(), fridayMorning);
    expect(startsOn(weekdaysOnly, "2026-12-05")).toEqual([]); // not one of the crew's days
  });

  it("keeps the travel buffer around booked visits", () => {
    const visit: Busy = {
      crew_id: 1,
      starts_at: storeInstant("2026-12-07", 10 * 60),
      ends_at: storeInstant("2026-12-07", 11 * 60),
      visit: true,
    };
    const slots = measureSlots(calendar({ busy: [visit] }), fridayMorning);
    // 9:30-10:30 overlaps it; 11:00 would leave no time to travel; 12:30 is 90 minutes after.
    expect(startsOn(slots, "2026-12-07")).toEqual(["08:00", "12:30", "14:00", "15:30"]);
    const noBuffer = measureSlots(
      calendar({ busy: [visit], rules: { ...shippedBookingRules, buffer_minutes: 0 } }),
      fridayMorning,
    );
    expect(startsOn(noBuffer, "2026-12-07")).toEqual([
      "08:00",
      "09:00",
      "11:00",
      "12:00",
      "13:00",
      "14:00",
      "15:00",
      "16:00",
    ]);
  });

  it("offers the booking window's days only, and today only before the same-day cut-off", () => {
    const slots = measureSlots(calendar(), fridayMorning);
    // 21 days from Friday 4 December: the last is Thursday 24 December.
    expect(startsOn(slots, "2026-12-24")).toHaveLength(6);
    expect(startsOn(slots, "2026-12-25")).toEqual([]);
    // At 7:00, before the 10:00 cut-off: today's slots from an hour ahead.
    expect(startsOn(slots, "2026-12-04")).toEqual([
      "08:00",
      "09:30",
      "11:00",
      "12:30",
      "14:00",
      "15:30",
    ]);
    const at9 = measureSlots(calendar(), new Date("2026-12-04T15:00:00Z"));
    expect(startsOn(at9, "2026-12-04")).toEqual(["11:00", "12:30", "14:00", "15:30"]);
    const afterCutOff = measureSlots(calendar(), new Date("2026-12-04T16:30:00Z"));
    expect(startsOn(afterCutOff, "2026-12-04")).toEqual([]);
    const shortWindow = measureSlots(
      calendar({ rules: { ...shippedBookingRules, window_days: 2 } }),
      fridayMorning,
    );
    expect(new Set(shortWindow.map((s) => s.start.slice(0, 10)))).toEqual(new Set(["2026-12-04"]));
  });

  it("reads the store's clock across the change to summer time", () => {
    // Monday 9 March 2026 is the first weekday of daylight time: 8:00 is 13:00 UTC.
    expect(storeInstant("2026-03-09", 8 * 60).toISOString()).toBe("2026-03-09T13:00:00.000Z");
    expect(storeInstant("2026-03-06", 8 * 60).toISOString()).toBe("2026-03-06T14:00:00.000Z");
  });
});
