import type { TrackingResult } from "@mcf/contracts/orders";
import { useId, useState } from "react";
import { Link } from "react-router";
import { useCart } from "../../lib/cart/cart-context.tsx";
import { boxesLabel } from "../../lib/cart/cart-wording.ts";

type TrackedLine = NonNullable<TrackingResult["lines"]>[number];

/** One line: its dye lot, and more boxes of that lot while it lasts. */
function LotLine({ line }: { line: TrackedLine }) {
  const { addItem } = useCart();
  const [boxes, setBoxes] = useState("1");
  const [added, setAdded] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const canOrderMore =
    line.product_id !== null &&
    line.lot_id !== null &&
    line.lot_code !== null &&
    line.lot_boxes_left > 0;

  const orderMore = () => {
    const quantity = Number(boxes);
    if (!Number.isInteger(quantity) || quantity < 1) {
      setError("Enter how many boxes, 1 or more.");
      return;
    }
    if (quantity > line.lot_boxes_left) {
      setError(`Lot ${line.lot_code} has ${boxesLabel(line.lot_boxes_left)} left.`);
      return;
    }
    if (line.product_id === null || line.lot_id === null || line.lot_code === null) return;
    setError(null);
    addItem(
      {
        id: line.product_id,
        name: line.product_name,
        price_per_box: line.unit_price,
        sqft_per_carton: line.sqft_per_box,
        thumbnail_image_url: line.image_url,
      },
      quantity,
      { lot: { id: line.lot_id, code: line.lot_code } },
    );
    setAdded(quantity);
  };

  return (
    <li className="py-4 first:pt-0 last:pb-0">
      <p className="font-semibold text-stone-900">{line.product_name}</p>
      <p className="text-sm text-stone-700">
        {boxesLabel(line.quantity)}
        {line.lot_code ? (
          <>
            {" · "}Dye lot <span className="font-semibold">{line.lot_code}</span>
          </>
        ) : null}
      </p>
      {canOrderMore ? (
        <div className="mt-3 flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor={inputId} className="field-label">
              Boxes
            </label>
            <input
              id={inputId}
              className="field-input w-24"
              inputMode="numeric"
              value={boxes}
              onChange={(e) => setBoxes(e.target.value)}
              aria-describedby={`${inputId}-left`}
            />
          </div>
          <button type="button" className="btn-primary" onClick={orderMore}>
            Order more from the same lot
          </button>
          <p id={`${inputId}-left`} className="w-full text-sm text-stone-600">
            Lot {line.lot_code} has {boxesLabel(line.lot_boxes_left)} left: boxes of one lot match
            in shade.
          </p>
        </div>
      ) : line.lot_code && line.lot_id !== null ? (
        <p className="mt-2 text-sm text-stone-700">
          Lot {line.lot_code} is sold out. Call us and we will help you match the shade.
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      {added !== null ? (
        <p role="status" className="mt-2 text-sm text-green-800">
          {boxesLabel(added)} from lot {line.lot_code} added to your cart.{" "}
          <Link to="/cart" className="font-semibold text-oak-700 hover:underline">
            View cart
          </Link>
        </p>
      ) : null}
    </li>
  );
}

/**
 * The boxes of the order with the dye lot each came from, and "Order more from the same lot":
 * the cart line carries the lot, so the server takes the new boxes from it while it has them.
 * Shown only when some line came from a recorded lot.
 */
export function OrderLinesLots({ lines }: { lines: TrackedLine[] }) {
  if (!lines.some((line) => line.lot_code)) return null;
  return (
    <section
      aria-labelledby="order-lots-heading"
      className="rounded-xl border border-stone-200 bg-white p-6 sm:p-8"
    >
      <h2 id="order-lots-heading" className="mb-1 text-xl font-semibold">
        Your flooring and its dye lot
      </h2>
      <p className="mb-4 text-sm text-stone-600">
        Need a few more boxes? Order them from the same lot so the shade matches.
      </p>
      <ul className="divide-y divide-stone-200">
        {lines.map((line, index) => (
          <LotLine key={`${line.product_id}-${index}`} line={line} />
        ))}
      </ul>
    </section>
  );
}
