import { describe, expect, it } from "vitest";
import { openingHoursOf } from "./store-details.ts";

describe("openingHoursOf", () => {
  it("turns the owner's day and time ranges into schema.org openingHours, leaving out the rest", () => {
    expect(
      openingHoursOf([
        { days: "Mon-Fri", time: "8AM-6PM" },
        { days: "Saturday", time: "9:30AM-1PM" },
        { days: "Sunday", time: "closed" },
        { days: "Holidays", time: "by appointment" },
      ]),
    ).toEqual(["Mo-Fr 08:00-18:00", "Sa 09:30-13:00"]);
  });
});
