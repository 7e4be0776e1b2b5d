import type { Estimate, EstimateLineInput } from "@mcf/contracts/installs";
import { useState } from "react";
import { MaterialProductPicker } from "./material-product-picker.tsx";

type Line = {
  kind: EstimateLineInput["kind"];
  /** A service's description; on a material line, the picked product's name (shown only). */
  description: string;
  quantity: string;
  unit_price: string;
  product_id: string;
};

const kindLabels: Record<Line["kind"], string> = {
  labour: "Labor (per sq ft)",
  removal: "Old floor removal (per sq ft)",
  subfloor: "Subfloor preparation (per sq ft)",
  stairs: "Stairs (per stair)",
  material: "Material (product, boxes)",
};

const blank = (kind: Line["kind"] = "labour"): Line => ({
  kind,
  description: "",
  quantity: "",
  unit_price: "",
  product_id: "",
});

function fromEstimate(estimate: Estimate | null): Line[] {
  if (!estimate) return [blank()];
  return estimate.lines.map((l) => ({
    kind: l.kind,
    description: l.description,
    quantity: String(l.quantity),
    unit_price: l.kind === "material" ? "" : String(l.unit_price),
    product_id: l.product_id === null ? "" : String(l.product_id),
  }));
}

/** A material line keeps a product, a service a description: switching between them starts afresh. */
function kindChange(line: Line, kind: Line["kind"]): Partial<Line> {
  const switchesMaterial = (line.kind === "material") !== (kind === "material");
  return switchesMaterial ? { kind, description: "", product_id: "" } : { kind };
}

function toInput(line: Line): EstimateLineInput {
  if (line.kind === "material")
    return {
      kind: "material",
      product_id: Number(line.product_id),
      quantity: Number(line.quantity),
    };
  return {
    kind: line.kind,
    description: line.description,
    quantity: Number(line.quantity),
    unit_price: Number(line.unit_price),
  };
}

/** Estimate lines; the server prices materials from the catalogue and adds tax and the deposit. */
export function EstimateEditor({
  estimate,
  busy,
  onSend,
}: {
  estimate: Estimate | null;
  busy: boolean;
  onSend: (lines: EstimateLineInput[]) => void;
}) {
  const [lines, setLines] = useState<Line[]>(() => fromEstimate(estimate));
  const edit = (index: number, change: Partial<Line>) =>
    setLines((all) => all.map((line, i) => (i === index ? { ...line, ...change } : line)));

  return (
    <form
      aria-label="Estimate editor"
      className="space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        onSend(lines.map(toInput));
      }}
    >
      {lines.map((line, index) => {
        const n = index + 1;
        return (
          <fieldset
            key={index}
            className="grid gap-2 rounded border border-stone-200 p-2 sm:grid-cols-[minmax(0,1fr)_5.5rem_6.5rem]"
          >
            <legend className="sr-only">Line {n}</legend>
            <select
              aria-label={`Line ${n} kind`}
              className="field-input py-1 sm:col-span-2 sm:row-start-1"
              value={line.kind}
              onChange={(e) => edit(index, kindChange(line, e.target.value as Line["kind"]))}
            >
              {Object.entries(kindLabels).map(([kind, label]) => (
                <option key={kind} value={kind}>
                  {label}
                </option>
              ))}
            </select>
            {line.kind === "material" ? (
              <MaterialProductPicker
                label={`Line ${n} product`}
                productId={line.product_id}
                productName={line.description}
                onPick={(product) =>
                  edit(index, { product_id: product.id, description: product.name })
                }
              />
            ) : (
              <input
                aria-label={`Line ${n} description`}
                placeholder="Description"
                className="field-input py-1"
                value={line.description}
                onChange={(e) => edit(index, { description: e.target.value })}
              />
            )}
            <input
              aria-label={`Line ${n} quantity`}
              placeholder={line.kind === "material" ? "Boxes" : "Quantity"}
              className="field-input py-1"
              inputMode="decimal"
              value={line.quantity}
              onChange={(e) => edit(index, { quantity: e.target.value })}
            />
            {line.kind === "material" ? (
              <span className="self-center text-xs text-stone-600">catalogue price</span>
            ) : (
              <input
                aria-label={`Line ${n} unit price`}
                placeholder="$ per unit"
                className="field-input py-1"
                inputMode="decimal"
                value={line.unit_price}
                onChange={(e) => edit(index, { unit_price: e.target.value })}
              />
            )}
            <button
              type="button"
              className="btn-outline px-2 py-1 sm:col-start-3 sm:row-start-1"
              aria-label={`Remove line ${n}`}
              onClick={() => setLines((all) => all.filter((_, i) => i !== index))}
            >
              Remove
            </button>
          </fieldset>
        );
      })}
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn-outline py-2"
          onClick={() => setLines((all) => [...all, blank()])}
        >
          Add line
        </button>
        <button type="submit" className="btn-primary py-2" disabled={busy}>
          {estimate ? `Send version ${estimate.version + 1}` : "Send estimate"}
        </button>
      </div>
    </form>
  );
}
