import { describe, expect, it } from "vitest";
import { addBusinessDays, storeToday } from "./delivery-dates.ts";

describe("delivery dates", () => {
  const none = new Set<string>();

  it("counts Monday to Friday only: a day after Friday is Monday, and a weekend start moves to Monday", () => {
    expect(addBusinessDays("2026-11-24", 1, none)).toBe("2026-11-25"); // Tuesday → Wednesday
    expect(addBusinessDays("2026-11-27", 1, none)).toBe("2026-11-30"); // Friday → Monday
    expect(addBusinessDays("2026-11-28", 0, none)).toBe("2026-11-30"); // Saturday → Monday
    expect(addBusinessDays("2026-11-27", 5, none)).toBe("2026-12-04"); // a working week later
  });

  it("skips the closed days it is given: nothing is picked up or delivered on Thanksgiving or Christmas", () => {
    const closed = new Set(["2026-11-26", "2026-12-25", "2027-12-31"]);
    expect(addBusinessDays("2026-11-25", 1, closed)).toBe("2026-11-27"); // Wednesday → Friday, past Thanksgiving
    expect(addBusinessDays("2026-11-26", 0, closed)).toBe("2026-11-27"); // a closed day itself moves on
    expect(addBusinessDays("2026-12-24", 1, closed)).toBe("2026-12-28"); // closed Friday, then the weekend
    expect(addBusinessDays("2027-12-30", 1, closed)).toBe("2028-01-03");
    expect(addBusinessDays("2026-11-23", 5, closed)).toBe("2026-12-01"); // a week with one day closed
  });

  it("counts a day the owner did not close as a business day, federal holiday or not", () => {
    // Thanksgiving 2026 is off the list: the store and its carriers work that day.
    expect(addBusinessDays("2026-11-25", 1, new Set(["2026-12-25"]))).toBe("2026-11-26");
    // A closed Saturday changes nothing: weekends are off already.
    expect(addBusinessDays("2026-11-27", 1, new Set(["2026-11-28"]))).toBe("2026-11-30");
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
