import { unitName } from "@mcf/contracts/accessories";
import { formatUsd } from "@mcf/contracts/money";
import { Suspense } from "react";
import { Link } from "react-router";
import { FloorImage } from "../../components/floor-image.tsx";
import { SummaryRow, Term } from "../../components/summary-row.tsx";
import { useCart } from "../../lib/cart/cart-context.tsx";
import {
  defaultFlooringThumb,
  isAccessoryLine,
  kindOf,
  linesInCartOrder,
  sampleLineCents,
} from "../../lib/cart/cart-lines.ts";
import { useCartPaths } from "../../lib/cart/cart-path.ts";
import { cartItemsLabel, formatSqft } from "../../lib/cart/cart-wording.ts";
import { lazyUntilItComes } from "../../lib/load-until-it-comes.ts";
import { LineStockNote } from "./line-stock-note.tsx";
import { QuantityStepper } from "./quantity-stepper.tsx";
import { RemoveLineButton } from "./remove-line-button.tsx";
import { SampleBadge, sampleNote, samplePrice } from "./sample-note.tsx";
import { useCartStock } from "./use-cart-stock.ts";

/**
 * The accessory suggestions under the cart fetch the floors' companions after the cart shows;
 * their code comes with them rather than with the page (the cart page's JavaScript budget).
 */
const CompleteYourProject = lazyUntilItComes(() =>
  import("./complete-your-project.tsx").then((m) => ({ default: m.CompleteYourProject })),
);

/** The empty-cart message with its way back to the products. */
export function EmptyCart() {
  const paths = useCartPaths();
  return (
    <div className="mx-auto max-w-lg rounded-xl border border-stone-200 bg-cream/50 px-6 py-14 text-center">
      <h2 className="mb-2 text-2xl font-semibold">Your cart is empty</h2>
      <p className="mb-6 text-stone-700">
        Browse hardwood, laminate, vinyl, tile and carpet, sold by the box.
      </p>
      <Link to={paths.shop} className="btn-primary">
        Browse Products
      </Link>
    </div>
  );
}

/** The full cart (/cart): lines, quantities and the summary sidebar. */
export function FullCart() {
  const {
    items,
    boxCount,
    sampleCount,
    accessoryCount,
    totalSqft,
    subtotal,
    samplePriceCents,
    setQuantity,
    clear,
  } = useCart();
  const sampleCents = sampleLineCents(items, samplePriceCents);
  const paths = useCartPaths();
  const stock = useCartStock(items);

  return (
    <div className="container-page py-8 sm:py-12">
      <header className="mb-8 flex flex-wrap items-end justify-between gap-3 border-b border-stone-200 pb-5">
        <div>
          <h1 className="text-3xl font-bold sm:text-4xl">Shopping Cart</h1>
          <p className="mt-1 text-stone-700" data-testid="cart-summary-line">
            {cartItemsLabel(boxCount, sampleCount, accessoryCount)} · {formatSqft(totalSqft)} total
          </p>
        </div>
      </header>

      {items.length === 0 ? (
        <EmptyCart />
      ) : (
        <div className="grid gap-8 lg:grid-cols-[1fr_22rem]">
          <div className="min-w-0">
            <ul className="h-fit divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white">
              {linesInCartOrder(items).map((item) => (
                <li
                  key={`${kindOf(item)}:${item.product_id}`}
                  className="grid grid-cols-[5rem_1fr] gap-4 p-4 sm:grid-cols-[7rem_1fr_auto] sm:p-5"
                >
                  <Link to={`/products/${item.product_id}`} tabIndex={-1} aria-hidden="true">
                    <FloorImage
                      src={item.thumbnail_image_url}
                      fallbackSrc={defaultFlooringThumb}
                      alt=""
                      width={112}
                      height={112}
                      className="aspect-square w-full rounded-lg bg-stone-100 object-cover"
                    />
                  </Link>
                  <div className="min-w-0">
                    <h2 className="font-sans text-lg leading-snug font-semibold">
                      {kindOf(item) === "sample" ? <SampleBadge /> : null}
                      <Link to={`/products/${item.product_id}`} className="hover:text-oak-700">
                        {item.product_name}
                      </Link>
                    </h2>
                    {kindOf(item) === "sample" ? (
                      <p className="mt-1 text-sm text-stone-700">{sampleNote(item.quantity)}</p>
                    ) : isAccessoryLine(item) ? (
                      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-stone-700">
                        <Term>Price per {unitName(item.selling_unit, 1)}</Term>
                        <dd className="font-medium text-stone-900">{formatUsd(item.unit_price)}</dd>
                      </dl>
                    ) : (
                      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-stone-700">
                        <Term>Price per box</Term>
                        <dd className="font-medium text-stone-900">{formatUsd(item.unit_price)}</dd>
                        <Term>Coverage per box</Term>
                        <dd>{formatSqft(item.sqft_per_box)}</dd>
                        <Term>Total coverage</Term>
                        <dd>{formatSqft(item.total_sqft)}</dd>
                        {item.lot_code ? (
                          <>
                            <Term>Dye lot</Term>
                            <dd className="font-medium text-stone-900">{item.lot_code}</dd>
                          </>
                        ) : null}
                      </dl>
                    )}
                    <div className="mt-3 flex flex-wrap items-center gap-3">
                      {kindOf(item) === "box" ? (
                        <>
                          <QuantityStepper
                            editable
                            quantity={item.quantity}
                            productName={item.product_name}
                            onChange={(quantity) => setQuantity(item.product_id, quantity)}
                          />
                          <span className="text-sm text-stone-600">
                            {unitName(item.selling_unit, item.quantity)}
                          </span>
                        </>
                      ) : null}
                      <RemoveLineButton item={item} />
                    </div>
                    {kindOf(item) === "box" ? (
                      <LineStockNote stock={stock.get(item.product_id)} />
                    ) : null}
                  </div>
                  <p className="col-start-2 text-lg font-semibold sm:col-start-3 sm:text-right">
                    {kindOf(item) === "box"
                      ? formatUsd(item.total_price)
                      : samplePrice(item.product_id, sampleCents, sampleCount)}
                  </p>
                </li>
              ))}
            </ul>
            <Suspense fallback={null}>
              <CompleteYourProject />
            </Suspense>
          </div>

          <aside
            aria-labelledby="cart-summary-heading"
            className="order-first h-fit rounded-xl border border-stone-200 bg-cream/60 p-6 lg:sticky lg:top-28 lg:order-none"
          >
            <h2 id="cart-summary-heading" className="mb-4 text-xl font-semibold">
              Order Summary
            </h2>
            <dl className="space-y-2 text-stone-800">
              <SummaryRow label="Items" valueClassName="text-right">
                {cartItemsLabel(boxCount, sampleCount, accessoryCount)}
              </SummaryRow>
              <SummaryRow label="Coverage">{formatSqft(totalSqft)}</SummaryRow>
              <SummaryRow
                label="Subtotal"
                className="border-t border-stone-300 pt-2 text-lg font-semibold"
              >
                {formatUsd(subtotal)}
              </SummaryRow>
            </dl>
            <p className="mt-2 text-sm text-stone-600">
              Shipping and tax are calculated at checkout.
            </p>
            <div className="mt-6 grid gap-2">
              <Link to={paths.checkout} className="btn-primary py-3 text-base">
                Proceed to Checkout
              </Link>
              <Link to={paths.shop} className="btn-outline">
                Continue Shopping
              </Link>
              <button
                type="button"
                className="btn text-brick-600 hover:bg-red-50"
                onClick={() => clear()}
              >
                Clear Cart
              </button>
            </div>
          </aside>
        </div>
      )}
    </div>
  );
}
