import { formatUsd } from "@mcf/contracts/money";
import type { Companion } from "@mcf/contracts/product";
import { useId, useState } from "react";
import { NumberField } from "./number-field.tsx";
import { coverageEstimate } from "./product-pricing.ts";
import { type FloorForProject, ProjectAccessories } from "./project-accessories.tsx";

export const defaultWastePercent = 10;

export interface CoverageCalculatorProps {
  sqftPerBox: number;
  pricePerBox: number | null;
  /** Sets the quantity field to the boxes needed. */
  onUseBoxes: (boxes: number) => void;
  /**
   * The floor's accessories at this store's prices (public or partner): the calculator then asks
   * for doorways and steps, suggests how many of each, and adds the floor and them in one click.
   */
  companions?: Companion[];
  /** The floor as the cart needs it, with its box price; required with `companions`. */
  floor?: FloorForProject;
  /** Where "all accessories" goes. */
  accessoriesPath?: string;
}

const toNumber = (text: string) => (text.trim() === "" ? Number.NaN : Number(text));

/**
 * Room area (or length × width) plus a waste allowance → boxes needed and the coverage they give;
 * one click puts that many boxes in the quantity field.
 */
export function CoverageCalculator({
  sqftPerBox,
  pricePerBox,
  onUseBoxes,
  companions = [],
  floor,
  accessoriesPath,
}: CoverageCalculatorProps) {
  const id = useId();
  const [mode, setMode] = useState<"area" | "dimensions">("area");
  const [area, setArea] = useState("");
  const [length, setLength] = useState("");
  const [width, setWidth] = useState("");
  const [waste, setWaste] = useState(String(defaultWastePercent));

  const roomArea =
    mode === "area" ? toNumber(area) : Math.round(toNumber(length) * toNumber(width) * 100) / 100;
  const estimate = coverageEstimate(roomArea, toNumber(waste), sqftPerBox);

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-lg border border-stone-200 bg-cream/60 p-5"
    >
      <h2 id={`${id}-title`} className="mb-1 text-xl font-semibold">
        Coverage calculator
      </h2>
      <p className="mb-4 text-sm text-stone-700">
        Each box covers {sqftPerBox} sq ft. Add a waste allowance for cuts (10% is typical; 15% for
        diagonal layouts).
      </p>
      <fieldset className="mb-4">
        <legend className="sr-only">Measure by</legend>
        <div className="inline-flex rounded-md border border-stone-300 bg-white p-1 text-sm">
          {(
            [
              ["area", "Room area"],
              ["dimensions", "Length × width"],
            ] as const
          ).map(([value, label]) => (
            <label
              key={value}
              className={`cursor-pointer rounded px-3 py-1.5 font-medium ${mode === value ? "bg-navy-800 text-white" : "text-navy-800"}`}
            >
              <input
                type="radio"
                name={`${id}-mode`}
                value={value}
                checked={mode === value}
                onChange={() => setMode(value)}
                className="sr-only"
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-3">
        {mode === "area" ? (
          <NumberField
            id={`${id}-area`}
            label="Room area (sq ft)"
            value={area}
            onChange={setArea}
            className="sm:col-span-2"
          />
        ) : (
          <>
            <NumberField
              id={`${id}-length`}
              label="Length (ft)"
              value={length}
              onChange={setLength}
            />
            <NumberField id={`${id}-width`} label="Width (ft)" value={width} onChange={setWidth} />
          </>
        )}
        <div>
          <label htmlFor={`${id}-waste`} className="field-label">
            Waste allowance (%)
          </label>
          <input
            id={`${id}-waste`}
            type="number"
            inputMode="decimal"
            min="0"
            max="50"
            step="1"
            value={waste}
            onChange={(e) => setWaste(e.target.value)}
            className="field-input"
          />
        </div>
      </div>
      <div aria-live="polite" className="mt-4">
        {estimate ? (
          <div className="flex flex-wrap items-center justify-between gap-3 rounded-md bg-white p-4 shadow-sm">
            <div>
              <p className="text-lg font-semibold text-navy-800" data-testid="boxes-needed">
                {estimate.boxes} {estimate.boxes === 1 ? "box" : "boxes"} needed
              </p>
              <p className="text-sm text-stone-700">
                Covers {estimate.coverage} sq ft ({estimate.areaWithWaste} sq ft with waste)
                {pricePerBox !== null ? ` · ${formatUsd(estimate.boxes * pricePerBox)}` : ""}
              </p>
            </div>
            <button type="button" className="btn-dark" onClick={() => onUseBoxes(estimate.boxes)}>
              Use {estimate.boxes} {estimate.boxes === 1 ? "box" : "boxes"}
            </button>
          </div>
        ) : (
          <p className="text-sm text-stone-600">
            Enter your room's size to see how many boxes you need.
          </p>
        )}
      </div>
      {floor && companions.length > 0 ? (
        <ProjectAccessories
          floor={floor}
          companions={companions}
          roomAreaSqft={roomArea}
          boxes={estimate?.boxes ?? 0}
          accessoriesPath={accessoriesPath}
        />
      ) : null}
    </section>
  );
}
