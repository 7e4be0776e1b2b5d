import { unitName } from "@mcf/contracts/accessories";
import {
  backorderMessage,
  backorderSplit,
  mostBoxesOrderable,
} from "@mcf/contracts/backorder-options";
import { sampleRules } from "@mcf/contracts/cart-kinds";
import { formatUsd } from "@mcf/contracts/money";
import type { Companion } from "@mcf/contracts/product";
import { finalSaleNotice } from "@mcf/contracts/returns-options";
import { useId, useRef, useState } from "react";
import { Link } from "react-router";
import type { CartableProduct } from "../../lib/cart/cart-lines.ts";
import { deferredIsland } from "../../lib/deferred-island.tsx";
import { useStoreDetails } from "../../lib/store-details.ts";
import { AddToCartButton } from "./add-to-cart-button.tsx";
import type { ShownPrice } from "./catalog-product.ts";
import { OrderSampleButton } from "./order-sample-button.tsx";
import { ProductPrice } from "./product-price.tsx";
import { normalizeQuantity, theirBoxPrice } from "./product-pricing.ts";
import { StickyBuyBar } from "./sticky-buy-bar.tsx";
import { StockLine } from "./stock-line.tsx";
import { useBackorderOffer } from "./use-backorder-offer.ts";

/**
 * The calculator (with its project accessories, about 2.5 KB gzip) is needed only when a shopper
 * measures a room: its code follows hydration (decision 089); the server renders it as before.
 */
const CoverageCalculator = deferredIsland(() =>
  import("./coverage-calculator.tsx").then((m) => m.CoverageCalculator),
);

/** Fetches the code of the panel's own deferred parts (the calculator) ahead of their first render. */
export function preloadPurchasePanelParts(): Promise<unknown> {
  return CoverageCalculator.preload();
}

export interface ProductPurchasePanelProps {
  product: Omit<CartableProduct, "price_per_box"> & {
    stock_quantity: number;
    their_price_per_box?: number | null;
    /** The competitor's price per sq ft staff entered, if any: always backs "Their price". */
    competitor_price?: number | null;
    /** Closeouts are final sale: said beside Add to Cart. */
    is_closeout?: boolean;
    samples_available: boolean;
  };
  price: ShownPrice;
  /** Show the competitor "their price" per box and the saving (public store only). */
  showCompetitorPrice?: boolean;
  partnerPrice?: boolean;
  /** The floor's accessories at this store's prices, for the calculator's one-click project. */
  companions?: Companion[];
  /** Where "all accessories" goes (/accessories, or /ace/accessories for a partner). */
  accessoriesPath?: string;
}

/**
 * Pricing, stock, quantity (whole boxes ≥ 1, capped at the stock plus what open purchase orders
 * will bring, the boxes beyond the stock labelled a backorder with their expected date), Add to Cart ("✓ Added to Cart"
 * for 2 s; disabled without a box price or stock), Contact Us, and the coverage calculator.
 */
export function ProductPurchasePanel({
  product,
  price,
  showCompetitorPrice = true,
  partnerPrice = false,
  companions,
  accessoriesPath,
}: ProductPurchasePanelProps) {
  const id = useId();
  const purchaseRow = useRef<HTMLDivElement>(null);
  const [quantityText, setQuantityText] = useState("1");
  const stock = product.stock_quantity;
  // What open purchase orders will bring is asked once the shopper may want more than is here.
  const wanted = Number.parseInt(quantityText, 10);
  const { offer, ask } = useBackorderOffer(
    product.id,
    stock <= 0 || (Number.isFinite(wanted) && wanted > stock),
  );
  const available = offer ? offer.available : stock;
  const most = offer ? mostBoxesOrderable(offer.available, offer.expected) : stock;
  const quantity = normalizeQuantity(quantityText, most);
  const backorder = offer ? backorderSplit(quantity, available, offer.expected) : null;
  const outOfStock = most <= 0;
  // Flooring is sold by the box; an accessory by its piece, roll or pail.
  const unit = price.unit ?? "box";
  const store = useStoreDetails();
  // Without a competitor price staff entered, "Their price" is an estimate the owner may turn off.
  const backed = store.estimate_their_price || (product.competitor_price ?? 0) > 0;
  const theirPrice =
    showCompetitorPrice && backed ? theirBoxPrice(product.their_price_per_box, price.perBox) : null;

  return (
    <div className="space-y-6">
      <div className="rounded-lg border border-stone-200 bg-white p-5 shadow-sm">
        <ProductPrice price={price} size="lg" />
        {theirPrice !== null && price.perBox !== null ? (
          <p className="mt-2 text-sm text-stone-700">
            Their price: <span className="line-through">{formatUsd(theirPrice)}</span> per {unit} ·{" "}
            <span className="font-semibold text-sage-600">
              You save {formatUsd(Math.round((theirPrice - price.perBox) * 100) / 100)}
            </span>
          </p>
        ) : null}
        <StockLine stock={stock} className="mt-3" />

        <div ref={purchaseRow} className="mt-5 flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor={`${id}-qty`} className="field-label">
              Quantity ({unitName(unit, 2)})
            </label>
            <input
              id={`${id}-qty`}
              // A quantity typed before the scripts run goes with an early Add to Cart tap.
              form={partnerPrice ? undefined : `${id}-add`}
              name="quantity"
              type="number"
              inputMode="numeric"
              min={1}
              max={most > 0 ? most : undefined}
              step={1}
              value={quantityText}
              onChange={(event) => setQuantityText(event.target.value)}
              onFocus={ask}
              onBlur={() => setQuantityText(String(quantity))}
              disabled={outOfStock}
              className="field-input w-28"
            />
          </div>
          <AddToCartButton
            product={product}
            unitPrice={price.perBox}
            quantity={quantity}
            formId={partnerPrice ? undefined : `${id}-add`}
            partnerPrice={partnerPrice}
            addedLabel="✓ Added to Cart"
            disabled={outOfStock || price.perBox === null}
            className="btn-primary min-w-44 flex-1 py-3 text-base sm:flex-none"
            onAdded={() => setQuantityText(String(quantity))}
          />
          <Link to="/contact" className="btn-outline w-full py-3 text-base sm:w-auto">
            Contact Us
          </Link>
        </div>
        {backorder ? (
          <p
            data-testid="backorder-offer"
            className="mt-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950"
          >
            {backorderMessage(backorder)}
          </p>
        ) : null}
        {price.perBox !== null && !outOfStock ? (
          <StickyBuyBar
            watch={purchaseRow}
            perBox={price.perBox}
            perSqft={price.perSqft}
            unit={unit}
          >
            {/* Named "Add 2 boxes", not "Add to Cart": the panel's button keeps that name alone. */}
            <AddToCartButton
              product={product}
              unitPrice={price.perBox}
              quantity={quantity}
              partnerPrice={partnerPrice}
              label={`Add ${quantity} ${unitName(unit, quantity)}`}
              addedLabel="✓ Added"
              className="btn-primary shrink-0 px-5 py-3 text-base"
              onAdded={() => setQuantityText(String(quantity))}
            />
          </StickyBuyBar>
        ) : null}
        {price.perBox !== null && unit !== "box" ? (
          <p className="mt-3 text-sm text-stone-700">
            {quantity} {unitName(unit, quantity)} ·{" "}
            <span className="font-semibold">
              {formatUsd((Math.round(price.perBox * 100) * quantity) / 100)}
            </span>
          </p>
        ) : null}
        {price.perBox !== null && product.sqft_per_carton ? (
          <p className="mt-3 text-sm text-stone-700">
            {quantity} {quantity === 1 ? "box" : "boxes"} ·{" "}
            {Math.round(quantity * product.sqft_per_carton * 100) / 100} sq ft ·{" "}
            <span className="font-semibold">
              {formatUsd((Math.round(price.perBox * 100) * quantity) / 100)}
            </span>
          </p>
        ) : null}
        {product.is_closeout ? (
          <p className="mt-3 text-sm font-semibold text-amber-900">{finalSaleNotice}</p>
        ) : null}
        {price.perBox === null ? (
          <p className="mt-3 text-sm text-stone-700">
            This product is priced on request. Call or message us and we'll quote it for your
            project.
          </p>
        ) : null}
        {product.samples_available ? (
          <div className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-1 border-t border-stone-200 pt-4 text-sm text-stone-700">
            <OrderSampleButton
              product={product}
              className="btn-outline py-2 disabled:border-sage-600 disabled:text-sage-600"
            />
            <span>
              See it in your own light before you buy. The first {sampleRules.freePerOrder} samples
              of an order are free.
            </span>
          </div>
        ) : null}
      </div>
      {product.sqft_per_carton ? (
        <CoverageCalculator
          sqftPerBox={product.sqft_per_carton}
          pricePerBox={price.perBox}
          onUseBoxes={(boxes) => setQuantityText(String(boxes))}
          companions={companions}
          floor={{ product, pricePerBox: price.perBox, partnerPrice }}
          accessoriesPath={accessoriesPath}
        />
      ) : null}
    </div>
  );
}
