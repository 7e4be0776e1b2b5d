import { describe, expect, it } from "vitest";
import { suggestAccessoryQuantities, unitName } from "./accessories.ts";

const underlayment = { id: 1, kind: "underlayment" as const, unitCoverageSqft: 100 };
const adhesive = { id: 2, kind: "adhesive" as const, unitCoverageSqft: 200 };
const transition = { id: 3, kind: "transition" as const, unitCoverageSqft: null };
const stairNose = { id: 4, kind: "stair_nose" as const, unitCoverageSqft: null };
const quarterRound = { id: 5, kind: "quarter_round" as const, unitCoverageSqft: null };
const all = [underlayment, adhesive, transition, stairNose, quarterRound];

describe("suggestAccessoryQuantities", () => {
  it("counts underlayment rolls from the area plus 5% for seams, adhesive pails from the area, a transition per doorway and a stair nose per step", () => {
    expect(suggestAccessoryQuantities({ roomAreaSqft: 240, doorways: 2, steps: 13 }, all)).toEqual([
      // 240 × 1.05 = 252 sq ft → 3 rolls of 100.
      { id: 1, kind: "underlayment", quantity: 3 },
      // 240 sq ft → 2 pails of 200 (no allowance: the trowel's notch sets the spread).
      { id: 2, kind: "adhesive", quantity: 2 },
      { id: 3, kind: "transition", quantity: 2 },
      { id: 4, kind: "stair_nose", quantity: 13 },
      // Walls of a 240 sq ft room: 4 × √240 ≈ 62 ft → 9 pieces finishing 7.5 ft each.
      { id: 5, kind: "quarter_round", quantity: 9 },
    ]);
  });

  it("counts quarter round along the walls: about ten pieces for a 400 sq ft room", () => {
    // 4 × √400 = 80 ft of wall → 80 / 7.5 = 10.7 → 11 pieces.
    expect(
      suggestAccessoryQuantities({ roomAreaSqft: 400, doorways: 0, steps: 0 }, [quarterRound]),
    ).toEqual([{ id: 5, kind: "quarter_round", quantity: 11 }]);
    // 225 sq ft: 60 ft of wall, exactly 8 pieces.
    expect(
      suggestAccessoryQuantities({ roomAreaSqft: 225, doorways: 0, steps: 0 }, [quarterRound]),
    ).toEqual([{ id: 5, kind: "quarter_round", quantity: 8 }]);
  });

  it("buys no extra roll when the area with allowance fills the rolls exactly", () => {
    // 190.4761905 × 1.05 = 200.00 sq ft: exactly 2 rolls.
    expect(
      suggestAccessoryQuantities({ roomAreaSqft: 190.4761905, doorways: 0, steps: 0 }, [
        underlayment,
      ]),
    ).toEqual([{ id: 1, kind: "underlayment", quantity: 2 }]);
    expect(
      suggestAccessoryQuantities({ roomAreaSqft: 190.5, doorways: 0, steps: 0 }, [underlayment]),
    ).toEqual([{ id: 1, kind: "underlayment", quantity: 3 }]);
  });

  it("leaves out what the job does not need: no doorways, no steps, no area, or no coverage to count by", () => {
    expect(suggestAccessoryQuantities({ roomAreaSqft: 0, doorways: 0, steps: 0 }, all)).toEqual([]);
    expect(
      suggestAccessoryQuantities({ roomAreaSqft: 150, doorways: Number.NaN, steps: -2 }, [
        transition,
        stairNose,
        { ...underlayment, unitCoverageSqft: null },
      ]),
    ).toEqual([]);
    // Part doorways are whole doorways typed with a slip: 2.7 counts as 2.
    expect(
      suggestAccessoryQuantities({ roomAreaSqft: 0, doorways: 2.7, steps: 0 }, [transition]),
    ).toEqual([{ id: 3, kind: "transition", quantity: 2 }]);
  });
});

describe("unitName", () => {
  it("names one and many of each unit", () => {
    expect([unitName("roll", 1), unitName("roll", 3), unitName("piece", 2)]).toEqual([
      "roll",
      "rolls",
      "pieces",
    ]);
    expect([unitName(undefined, 1), unitName("box", 4), unitName("pail", 1)]).toEqual([
      "box",
      "boxes",
      "pail",
    ]);
  });
});
