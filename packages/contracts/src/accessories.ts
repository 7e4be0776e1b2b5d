// Accessories: what they are, how they are counted, and how many a room needs. No zod, no
// database, so the browser's calculator and the server read the same rules.

/**
 * How a product is sold. Flooring by the box (priced per sq ft, a box holds sqft_per_carton);
 * an accessory by its own unit, and its our_price is the price of one unit.
 */
export const sellingUnits = ["box", "piece", "roll", "pail"] as const;
export type SellingUnit = (typeof sellingUnits)[number];

/** The accessories the store sells beside its floors, in the order a project needs them. */
export const accessoryKinds = [
  "underlayment",
  "adhesive",
  "transition",
  "reducer",
  "stair_nose",
  "quarter_round",
] as const;
export type AccessoryKind = (typeof accessoryKinds)[number];

export const accessoryKindLabels: Record<AccessoryKind, string> = {
  underlayment: "Underlayment",
  adhesive: "Adhesive",
  transition: "Transitions",
  reducer: "Reducers",
  stair_nose: "Stair nose",
  quarter_round: "Quarter round",
};

const unitNames: Record<SellingUnit, [string, string]> = {
  box: ["box", "boxes"],
  piece: ["piece", "pieces"],
  roll: ["roll", "rolls"],
  pail: ["pail", "pails"],
};

/** "box"/"boxes", "roll"/"rolls"… for a count of a selling unit (an unknown unit reads as box). */
export function unitName(unit: SellingUnit | null | undefined, count: number): string {
  const [one, many] = unitNames[unit ?? "box"] ?? unitNames.box;
  return count === 1 ? one : many;
}

/** Underlayment seams overlap and edges are trimmed: rolls cover the room area plus this much. */
export const underlaymentAllowancePercent = 5;

/**
 * Wall one quarter round piece finishes: a 94 in piece, less the cuts at corners and door frames.
 * The room's walls are taken as a square room's of its area (4 × √area), the usual estimate.
 */
export const quarterRoundFeetPerPiece = 7.5;

/** What the shopper told the coverage calculator about the job. */
export interface ProjectMeasurements {
  /** Room area in sq ft, before any waste allowance. */
  roomAreaSqft: number;
  /** Doorways where the new floor meets another floor: one transition each. */
  doorways: number;
  /** Stair treads to finish: one stair nose each. */
  steps: number;
}

/** A companion accessory as the calculator knows it. */
export interface SuggestibleAccessory {
  id: number;
  kind: AccessoryKind;
  /** Sq ft one unit covers (underlayment rolls, adhesive pails); null for moldings. */
  unitCoverageSqft: number | null;
}

export interface AccessorySuggestion {
  id: number;
  kind: AccessoryKind;
  quantity: number;
}

const wholeCount = (value: number) => (Number.isFinite(value) && value > 0 ? Math.floor(value) : 0);

/**
 * How many of each companion a job needs: underlayment rolls cover the room area plus the seam
 * allowance, adhesive pails cover the room area, one transition per doorway, one stair nose per
 * step, quarter round along the room's walls (`quarterRoundFeetPerPiece`). Accessories with
 * nothing to cover (no area, no doorways, no steps, a coverage-priced accessory without its
 * coverage) and reducers (the shopper knows where floors of different heights meet) are left out.
 * Quantities are whole units ≥ 1.
 */
export function suggestAccessoryQuantities(
  measurements: ProjectMeasurements,
  companions: SuggestibleAccessory[],
): AccessorySuggestion[] {
  const area = Number.isFinite(measurements.roomAreaSqft) ? measurements.roomAreaSqft : 0;
  const coverageUnits = (coverage: number | null, allowancePercent: number) => {
    if (!(area > 0) || coverage === null || !(coverage > 0)) return 0;
    const needed = Math.round(area * (1 + allowancePercent / 100) * 100) / 100;
    // A hair of tolerance so 100.0000001 sq ft does not buy a second roll.
    return Math.ceil(needed / coverage - 1e-9);
  };
  const suggestions: AccessorySuggestion[] = [];
  for (const companion of companions) {
    let quantity = 0;
    if (companion.kind === "underlayment")
      quantity = coverageUnits(companion.unitCoverageSqft, underlaymentAllowancePercent);
    else if (companion.kind === "adhesive") quantity = coverageUnits(companion.unitCoverageSqft, 0);
    else if (companion.kind === "transition") quantity = wholeCount(measurements.doorways);
    else if (companion.kind === "stair_nose") quantity = wholeCount(measurements.steps);
    else if (companion.kind === "quarter_round" && area > 0)
      quantity = Math.ceil((4 * Math.sqrt(area)) / quarterRoundFeetPerPiece - 1e-9);
    if (quantity > 0) suggestions.push({ id: companion.id, kind: companion.kind, quantity });
  }
  return suggestions;
}
