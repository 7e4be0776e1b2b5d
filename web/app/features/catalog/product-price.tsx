import { unitName } from "@mcf/contracts/accessories";
import { formatUsd } from "@mcf/contracts/money";
import { isUnitPrice, type ShownPrice } from "./catalog-product.ts";

/** Its label when there is one ("ACE Price"), "$6.49 /sq ft" and "$129.80 per box", or "Contact for Price". */
export function ProductPrice({ price, size = "md" }: { price: ShownPrice; size?: "md" | "lg" }) {
  const big = size === "lg" ? "price-lg" : "price-md";
  // An accessory is priced per piece, roll or pail, never per sq ft.
  if (isUnitPrice(price) && price.perBox !== null) {
    return (
      <div>
        {price.label ? <p className="price-label">{price.label}</p> : null}
        <p className={big}>
          {formatUsd(price.perBox)}
          <span className="price-unit">per {unitName(price.unit, 1)}</span>
        </p>
      </div>
    );
  }
  if (price.perSqft === null) {
    return <p className="font-semibold text-navy-800">Contact for Price</p>;
  }
  return (
    <div>
      {price.label ? <p className="price-label">{price.label}</p> : null}
      <p className={big}>
        {formatUsd(price.perSqft)}
        <span className="price-unit">/sq ft</span>
      </p>
      {price.perBox !== null ? (
        <p className="price-per-box">{formatUsd(price.perBox)} per box</p>
      ) : null}
    </div>
  );
}
