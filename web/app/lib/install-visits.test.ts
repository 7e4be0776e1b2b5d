import { acclimationDays } from "@mcf/contracts/installs";
import { describe, expect, it } from "vitest";
import { acclimationText } from "./install-visits.ts";

describe("acclimationText", () => {
  it("counts days in words that agree with the number", () => {
    expect(acclimationText(acclimationDays.vinyl)).toBe("acclimates 1 day");
    expect(acclimationText(acclimationDays.solid_hardwood)).toBe("acclimates 3 days");
  });

  it("says tile and carpet need no rest rather than '0 days'", () => {
    expect(acclimationText(acclimationDays.tile)).toBe("no acclimation needed");
  });
});
