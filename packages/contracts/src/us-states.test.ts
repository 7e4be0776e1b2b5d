import { describe, expect, it } from "vitest";
import { stateOfZip, zipStateMismatch } from "./us-states.ts";

describe("ZIP codes and states", () => {
  it("finds the state of a ZIP code by its first three digits, the exceptions inside other ranges too", () => {
    expect(stateOfZip("35212")).toBe("AL");
    expect(stateOfZip("35212-1234")).toBe("AL");
    expect(stateOfZip("98101")).toBe("WA");
    expect(stateOfZip("10001")).toBe("NY");
    expect(stateOfZip("05501")).toBe("MA");
    expect(stateOfZip("20101")).toBe("VA");
    expect(stateOfZip("20001")).toBe("DC");
    expect(stateOfZip("73301")).toBe("TX");
    expect(stateOfZip("73101")).toBe("OK");
    expect(stateOfZip("30301")).toBe("GA");
    expect(stateOfZip("39901")).toBe("GA");
    expect(stateOfZip("00901")).toBeNull(); // Puerto Rico: no state
    expect(stateOfZip("abcde")).toBeNull();
  });

  it("says plainly which state the ZIP code is in when it does not match, and nothing when it does", () => {
    expect(zipStateMismatch("35212", "NY")).toBe(
      "ZIP code 35212 is in Alabama, not New York. Please check the state and the ZIP code.",
    );
    expect(zipStateMismatch("35212", "al")).toBeNull();
    expect(zipStateMismatch("00901", "AL")).toBeNull();
  });
});
