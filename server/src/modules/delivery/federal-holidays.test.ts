import { describe, expect, it } from "vitest";
import { federalHolidays, federalHolidaysOf } from "./federal-holidays.ts";

describe("the federal holidays the store ships as its closed days", () => {
  it("knows the federal holidays as observed: fixed dates move off weekends, the others fall on their weekday", () => {
    expect(federalHolidays(2026)).toEqual([
      "2026-01-01",
      "2026-01-19",
      "2026-02-16",
      "2026-05-25",
      "2026-06-19",
      "2026-07-03", // July 4 is a Saturday
      "2026-09-07",
      "2026-10-12",
      "2026-11-11",
      "2026-11-26",
      "2026-12-25",
    ]);
    // 2027: Christmas on a Saturday is observed Friday the 24th; Juneteenth on a Saturday too.
    expect(federalHolidays(2027)).toContain("2027-12-24");
    expect(federalHolidays(2027)).toContain("2027-06-18");
    // 2028: New Year's Day is a Saturday, observed on Friday, December 31, 2027.
    expect(federalHolidays(2028)[0]).toBe("2027-12-31");
  });

  it("ships this year's and next year's holidays, in date order", () => {
    const days = federalHolidaysOf(2027);
    expect(days).toHaveLength(22);
    expect(days[0]).toBe("2027-01-01");
    expect(days).toContain("2027-12-31"); // 2028's New Year's Day, observed
    expect(days.at(-1)).toBe("2028-12-25");
    expect([...days].sort()).toEqual(days);
  });
});
