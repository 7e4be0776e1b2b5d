import { describe, expect, it } from "vitest";
import { addBusinessDays, federalHolidays, storeToday } from "./delivery-dates.ts";

describe("delivery dates", () => {
  it("counts Monday to Friday only: a day after Friday is Monday, and a weekend start moves to Monday", () => {
    expect(addBusinessDays("2026-11-24", 1)).toBe("2026-11-25"); // Tuesday → Wednesday
    expect(addBusinessDays("2026-11-27", 1)).toBe("2026-11-30"); // Friday → Monday
    expect(addBusinessDays("2026-11-28", 0)).toBe("2026-11-30"); // Saturday → Monday
    expect(addBusinessDays("2026-11-27", 5)).toBe("2026-12-04"); // a working week later
  });

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

  it("skips federal holidays: nothing is picked up or delivered on Thanksgiving or Christmas", () => {
    expect(addBusinessDays("2026-11-25", 1)).toBe("2026-11-27"); // Wednesday → Friday, past Thanksgiving
    expect(addBusinessDays("2026-11-26", 0)).toBe("2026-11-27"); // Thanksgiving itself moves on
    expect(addBusinessDays("2026-12-24", 1)).toBe("2026-12-28"); // Christmas Friday, then the weekend
    expect(addBusinessDays("2027-12-30", 1)).toBe("2028-01-03"); // Dec 31 observed for 2028's New Year
    expect(addBusinessDays("2026-07-02", 1)).toBe("2026-07-06"); // July 3 observed, then the weekend
  });

  it("reads today in Birmingham time, not the server's: 1 AM UTC is still yesterday evening there", () => {
    expect(storeToday(new Date("2026-11-25T01:00:00Z"))).toBe("2026-11-24");
    expect(storeToday(new Date("2026-11-25T18:00:00Z"))).toBe("2026-11-25");
  });

  it("turns the day at Birmingham's midnight to the millisecond, asked one after the other", () => {
    // Central Standard Time: midnight in Birmingham is 06:00 UTC.
    expect(storeToday(new Date("2026-11-26T05:59:00.000Z"))).toBe("2026-11-25");
    expect(storeToday(new Date("2026-11-26T05:59:59.999Z"))).toBe("2026-11-25");
    expect(storeToday(new Date("2026-11-26T06:00:00.000Z"))).toBe("2026-11-26");
    expect(storeToday(new Date("2026-11-26T05:59:59.999Z"))).toBe("2026-11-25");
  });
});
