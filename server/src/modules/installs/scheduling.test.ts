import { describe, expect, it } from "vitest";
import { checkShowroomOpen } from "./scheduling.ts";

// Saturday 5 and Monday 7 December 2026, mid-morning in Birmingham.
const saturday = new Date("2026-12-05T15:00:00Z");
const monday = new Date("2026-12-07T15:00:00Z");

describe("visits on the store's closed days", () => {
  it("refuses a day a line of the hours says closed, ranges and lists included", () => {
    expect(() => checkShowroomOpen(saturday, [{ days: "Sat & Sun", time: "Closed" }])).toThrow(
      "The store is closed on Saturdays (store hours in Settings): choose another day for the visit",
    );
    expect(() => checkShowroomOpen(saturday, [{ days: "Fri-Sun", time: "closed" }])).toThrow();
  });

  it("accepts an open day, and a day the hours do not mention", () => {
    const hours = [
      { days: "Mon-Fri", time: "8AM-6PM" },
      { days: "Saturday", time: "by appointment" },
      { days: "Sunday", time: "closed" },
    ];
    expect(() => checkShowroomOpen(monday, hours)).not.toThrow();
    expect(() => checkShowroomOpen(saturday, hours)).not.toThrow();
    expect(() => checkShowroomOpen(saturday, [])).not.toThrow();
  });
});
