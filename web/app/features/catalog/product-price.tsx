import { unitName } from "@mcf/contracts/accessories";
import { formatUsd } from "@mcf/contracts/money";
import { isUnitPrice, type ShownPrice } from "./catalog-product.ts";

/** Its label when there is one ("ACE Price"), "$6.49 /sq ft" and "$129.80 per box", or "Contact for Price". */
export function ProductPrice({ price, size = "md" }: { price: ShownPrice; size?: "md" | "lg" }) {
  const big =
    size === "lg" ? "text-3xl font-bold text-navy-800" : "text-xl font-bold text-navy-800";
  // An accessory is priced per piece, roll or pail, never per sq ft.
  if (isUnitPrice(price) && price.perBox !== null) {
    return (
      <div>
        {price.label ? (
          <p className="text-xs font-bold tracking-wider text-oak-700 uppercase">{price.label}</p>
        ) : null}
        <p className={big}>
          {formatUsd(price.perBox)}
          <span className="ml-1 text-sm font-medium text-stone-600">
            per {unitName(price.unit, 1)}
          </span>
        </p>
      </div>
    );
  }
  if (price.perSqft === null) {
    return <p className="font-semibold text-navy-800">Contact for Price</p>;
  }
  return (
    <div>
      {price.label ? (
        <p className="text-xs font-bold tracking-wider text-oak-700 uppercase">{price.label}</p>
      ) : null}
      <p
        className={
          size === "lg" ? "text-3xl font-bold text-navy-800" : "text-xl font-bold text-navy-800"
        }
      >
        {formatUsd(price.perSqft)}
        <span className="ml-1 text-sm font-medium text-stone-600">/sq ft</span>
      </p>
      {price.perBox !== null ? (
        <p className="text-sm text-stone-700">{formatUsd(price.perBox)} per box</p>
      ) : null}
    </div>
  );
}
