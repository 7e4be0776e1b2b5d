import { stateOfZip, usStates } from "@mcf/contracts/us-states";
import { describe, expect, it } from "vitest";
import zipcodes from "zipcodes";
import { lookUpUsZip, milesBetweenZips } from "./zip-table.ts";

describe("the ZIP code table", () => {
  it("knows every US ZIP code of the zipcodes package, with its state and the same distances", () => {
    const codes = Object.values(zipcodes.codes).filter((code) => code.country === "US");
    expect(codes.length).toBeGreaterThan(40_000);
    for (const code of codes) {
      expect(lookUpUsZip(code.zip)?.state).toBe(code.state);
      const miles = milesBetweenZips("35203", code.zip);
      const theirs = zipcodes.distance("35203", code.zip);
      if (Number.isNaN(theirs)) expect(miles).toBeNaN();
      else expect(miles).toBe(theirs);
    }
  });

  it("gives the checkout form's state of every ZIP code from the same data as the delivery quote", () => {
    const states = new Set<string>(usStates.map((state) => state.code));
    const codes = Object.values(zipcodes.codes).filter((code) => code.country === "US");
    for (const { zip } of codes) {
      const quoted = lookUpUsZip(zip)?.state ?? null;
      expect(stateOfZip(zip), zip).toBe(quoted && states.has(quoted) ? quoted : null);
    }
  });

  it("answers null for a ZIP code no US post office uses, and for anything not five digits", () => {
    for (const zip of ["00000", "99999", "A1B", "3520", ""]) expect(lookUpUsZip(zip)).toBeNull();
    expect(milesBetweenZips("35203", "00000")).toBeNull();
  });
});
