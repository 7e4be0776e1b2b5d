import {
  accessoryKindLabels,
  suggestAccessoryQuantities,
  unitName,
} from "@mcf/contracts/accessories";
import { formatUsd, multiplyCents, toCents, toDollars } from "@mcf/contracts/money";
import type { Companion } from "@mcf/contracts/product";
import { useEffect, useId, useState } from "react";
import { Link } from "react-router";
import { FloorImage } from "../../components/floor-image.tsx";
import { useCart } from "../../lib/cart/cart-context.tsx";
import { type CartableProduct, defaultFlooringThumb } from "../../lib/cart/cart-lines.ts";
import { addedFeedbackMs } from "./add-to-cart-button.tsx";
import { NumberField } from "./number-field.tsx";
import { normalizeQuantity } from "./product-pricing.ts";

/** The floor the calculator adds, with the box price it is sold at. */
export interface FloorForProject {
  product: Omit<CartableProduct, "price_per_box"> & { stock_quantity: number };
  /** Price per box; null: not sold online (then nothing is added). */
  pricePerBox: number | null;
  /**
   * The page is the partner portal: the floor and its accessories (priced for the partner by the
   * server) go in the cart as partner lines, like every line added there.
   */
  partnerPrice?: boolean;
}

export interface ProjectAccessoriesProps {
  floor: FloorForProject;
  companions: Companion[];
  /** The room area the calculator was given (NaN when none yet). */
  roomAreaSqft: number;
  /** Boxes of the floor the calculator says are needed (0 when no area yet). */
  boxes: number;
  /** Where "all accessories" goes (the public list by default). */
  accessoriesPath?: string;
}

const countOf = (text: string) => {
  const value = Number.parseInt(text, 10);
  return Number.isFinite(value) && value > 0 ? value : 0;
};

/**
 * The second half of the coverage calculator: doorways and steps, then how many rolls of
 * underlayment (or pails of adhesive), transitions and stair nose the job needs (the rule in
 * contracts/accessories.ts), each ticked by default (but the underlayment and the adhesive of a
 * floor that may use either), and one button that puts the floor's boxes
 * and the ticked accessories in the cart. Prices shown are the server's per-unit prices; the
 * checkout charges what the server computes.
 */
export function ProjectAccessories({
  floor,
  companions,
  roomAreaSqft,
  boxes,
  accessoriesPath = "/accessories",
}: ProjectAccessoriesProps) {
  const id = useId();
  const { addItem } = useCart();
  const [doorways, setDoorways] = useState("1");
  const [steps, setSteps] = useState("0");
  /** The shopper's own ticks; an accessory they have not touched is ticked by `tickedAtFirst`. */
  const [ticks, setTicks] = useState<ReadonlyMap<number, boolean>>(new Map());
  const [added, setAdded] = useState(false);

  useEffect(() => {
    if (!added) return;
    const timer = setTimeout(() => setAdded(false), addedFeedbackMs);
    return () => clearTimeout(timer);
  }, [added]);

  const byId = new Map(companions.map((companion) => [companion.product.id, companion]));
  const suggestions = suggestAccessoryQuantities(
    { roomAreaSqft, doorways: countOf(doorways), steps: countOf(steps) },
    companions.map((companion) => ({
      id: companion.product.id,
      kind: companion.kind,
      unitCoverageSqft: companion.product.unit_coverage_sqft,
    })),
  ).flatMap((suggestion) => {
    const companion = byId.get(suggestion.id);
    const price = companion?.product.price_per_box ?? null;
    if (!companion || price === null) return [];
    const quantity = normalizeQuantity(suggestion.quantity, companion.product.stock_quantity);
    return [{ companion, quantity, price }];
  });
  // A floor that may float or glue down ("nail, staple, glue or float") is offered both the
  // underlayment and the adhesive; one install needs one of them, so neither is ticked for the
  // shopper, who picks the one for their install.
  const eitherOr =
    companions.some((companion) => companion.kind === "underlayment") &&
    companions.some((companion) => companion.kind === "adhesive");
  const tickedAtFirst = (kind: string) =>
    !(eitherOr && (kind === "underlayment" || kind === "adhesive"));
  const isTicked = (companion: Companion) =>
    ticks.get(companion.product.id) ?? tickedAtFirst(companion.kind);
  const chosen = suggestions.filter((s) => isTicked(s.companion));
  const floorBoxes = normalizeQuantity(boxes, floor.product.stock_quantity);
  const canAdd = boxes > 0 && floor.pricePerBox !== null && floor.product.stock_quantity > 0;
  const totalCents =
    (canAdd && floor.pricePerBox !== null
      ? multiplyCents(toCents(floor.pricePerBox), floorBoxes)
      : 0) + chosen.reduce((sum, s) => sum + multiplyCents(toCents(s.price), s.quantity), 0);
  const units = chosen.reduce((sum, s) => sum + s.quantity, 0);

  const toggle = (companion: Companion) =>
    setTicks((current) => new Map(current).set(companion.product.id, !isTicked(companion)));

  const addProject = () => {
    if (!canAdd || floor.pricePerBox === null) return;
    const partnerPrice = floor.partnerPrice === true;
    addItem({ ...floor.product, price_per_box: floor.pricePerBox }, floorBoxes, {
      unitPrice: floor.pricePerBox,
      partnerPrice,
    });
    for (const { companion, quantity, price } of chosen)
      addItem({ ...companion.product, price_per_box: price }, quantity, {
        unitPrice: price,
        partnerPrice,
      });
    setAdded(true);
  };

  return (
    <fieldset className="mt-5 border-t border-stone-200 pt-4">
      <legend className="sr-only">Finish the job</legend>
      <h3 className="mb-1 font-sans text-base font-semibold text-navy-800">Finish the job</h3>
      <p className="mb-3 text-sm text-stone-700">
        Underlayment or adhesive for the whole room, a transition at each doorway and a stair nose
        on each step.
      </p>
      {eitherOr ? (
        <p className="mb-3 text-sm text-stone-700">
          This floor can float or be glued down: tick the underlayment for a floating install, or
          the adhesive for a glue-down one.
        </p>
      ) : null}
      <div className="grid grid-cols-2 gap-3">
        <NumberField
          id={`${id}-doorways`}
          label="Doorways"
          whole
          max={50}
          value={doorways}
          onChange={setDoorways}
        />
        <NumberField
          id={`${id}-steps`}
          label="Stair steps"
          whole
          max={100}
          value={steps}
          onChange={setSteps}
        />
      </div>
      {suggestions.length > 0 ? (
        <ul className="mt-4 space-y-2" aria-label="Accessories for this job">
          {suggestions.map(({ companion, quantity, price }) => {
            const product = companion.product;
            const checkboxId = `${id}-acc-${product.id}`;
            return (
              <li
                key={product.id}
                className="flex items-center gap-3 rounded-md border border-stone-200 bg-white p-2.5"
              >
                <input
                  id={checkboxId}
                  type="checkbox"
                  checked={isTicked(companion)}
                  onChange={() => toggle(companion)}
                  className="h-4 w-4 shrink-0 accent-navy-800"
                />
                <FloorImage
                  src={product.thumbnail_image_url}
                  fallbackSrc={defaultFlooringThumb}
                  alt=""
                  width={48}
                  height={48}
                  className="h-12 w-12 shrink-0 rounded bg-stone-100 object-cover"
                />
                <label htmlFor={checkboxId} className="min-w-0 flex-1 text-sm">
                  <span className="block font-semibold text-navy-800">
                    {quantity} {unitName(product.selling_unit, quantity)} · {product.name}
                  </span>
                  <span className="block text-stone-600">
                    {accessoryKindLabels[companion.kind]} · {formatUsd(price)} per{" "}
                    {unitName(product.selling_unit, 1)}
                  </span>
                </label>
                <span className="shrink-0 text-sm font-semibold">
                  {formatUsd(toDollars(multiplyCents(toCents(price), quantity)))}
                </span>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="mt-3 text-sm text-stone-600">
          Enter your room's size, doorways and steps to see the accessories it needs.
        </p>
      )}
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-stone-700" aria-live="polite">
          {canAdd
            ? `${floorBoxes} ${unitName("box", floorBoxes)}${units > 0 ? ` + ${units} ${units === 1 ? "accessory" : "accessories"}` : ""} · ${formatUsd(toDollars(totalCents))}`
            : ""}
        </p>
        <button
          type="button"
          className="btn-primary"
          disabled={!canAdd || added}
          onClick={addProject}
        >
          {added
            ? "✓ Added to Cart"
            : units > 0
              ? "Add floor and accessories to cart"
              : "Add floor to cart"}
        </button>
      </div>
      <p className="mt-2 text-xs text-stone-600">
        Other trims (reducers, quarter round) are in{" "}
        <Link to={accessoriesPath} className="font-semibold text-oak-700 underline">
          all accessories
        </Link>
        .
      </p>
    </fieldset>
  );
}
