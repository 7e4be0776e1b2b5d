import { describe, expect, it } from "vitest";
import { addBusinessDays, storeToday } from "./delivery-dates.ts";

describe("delivery dates", () => {
  it("counts Monday to Friday only: a day after Friday is Monday, and a weekend start moves to Monday", () => {
    expect(addBusinessDays("2026-11-24", 1)).toBe("2026-11-25"); // Tuesday → Wednesday
    expect(addBusinessDays("2026-11-27", 1)).toBe("2026-11-30"); // Friday → Monday
    expect(addBusinessDays("2026-11-28", 0)).toBe("2026-11-30"); // Saturday → Monday
    expect(addBusinessDays("2026-11-27", 5)).toBe("2026-12-04"); // a working week later
  });

  it("reads today in Birmingham time, not the server's: 1 AM UTC is still yesterday evening there", () => {
    expect(storeToday(new Date("2026-11-25T01:00:00Z"))).toBe("2026-11-24");
    expect(storeToday(new Date("2026-11-25T18:00:00Z"))).toBe("2026-11-25");
  });
});
