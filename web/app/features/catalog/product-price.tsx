import { unitName } from "@mcf/contracts/accessories";
import { formatUsd } from "@mcf/contracts/money";
import { isUnitPrice, type ShownPrice } from "./catalog-product.ts";

/** "Retail $7.99 · you save 19%": what a partner saves against the public price. */
function RetailSaving({ paid, retail }: { paid: number; retail: number | null | undefined }) {
  if (!retail || !(retail > paid)) return null;
  const percent = Math.round((1 - paid / retail) * 100);
  return (
    <p className="text-sm text-stone-600">
      Retail <s>{formatUsd(retail)}</s>
      {percent > 0 ? (
        <span className="font-semibold text-green-800"> · you save {percent}%</span>
      ) : null}
    </p>
  );
}

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
        <RetailSaving paid={price.perBox} retail={price.retail} />
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
      <RetailSaving paid={price.perSqft} retail={price.retail} />
      {price.perBox !== null ? (
        <p className="price-per-box">{formatUsd(price.perBox)} per box</p>
      ) : null}
    </div>
  );
}
