import { unitName } from "@mcf/contracts/accessories";
import { formatUsd } from "@mcf/contracts/money";
import { useId, useLayoutEffect, useRef } from "react";
import { Link } from "react-router";
import { FloorImage } from "../../components/floor-image.tsx";
import { CloseIcon } from "../../components/icons.tsx";
import { SummaryRow } from "../../components/summary-row.tsx";
import { useCart } from "../../lib/cart/cart-context.tsx";
import { useCartDrawer } from "../../lib/cart/cart-drawer.tsx";
import {
  defaultFlooringThumb,
  kindOf,
  linesInCartOrder,
  sampleLineCents,
} from "../../lib/cart/cart-lines.ts";
import { useCartPaths } from "../../lib/cart/cart-path.ts";
import { cartItemsLabel } from "../../lib/cart/cart-wording.ts";
import { LineStockNote } from "./line-stock-note.tsx";
import { QuantityStepper } from "./quantity-stepper.tsx";
import { RemoveLineButton } from "./remove-line-button.tsx";
import { SampleBadge, sampleNote, samplePrice } from "./sample-note.tsx";
import { useCartStock } from "./use-cart-stock.ts";

const panelClass =
  "fixed top-0 right-0 z-50 flex h-full w-[88%] max-w-md flex-col bg-white shadow-2xl sm:w-full sm:border-l sm:border-stone-200";

const focusableSelector =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The open cart slide-over (cart-slide-over.tsx loads it on first open). As a preview (the box
 * count rose) it is a plain region that does not take focus and closes itself; opened from the
 * cart icon it is a modal dialog: focus stays inside, Escape closes it and focus returns to the
 * icon.
 */
export default function CartPanel() {
  const { items, boxCount, sampleCount, accessoryCount, subtotal, samplePriceCents, setQuantity } =
    useCart();
  const sampleCents = sampleLineCents(items, samplePriceCents);
  const stock = useCartStock(items);
  const paths = useCartPaths();
  const drawer = useCartDrawer();
  const panelRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const headingId = useId();
  const isDialog = drawer.mode === "dialog";

  // A layout effect: Escape and the focus trap work from the first frame the dialog is seen in,
  // not one paint later (a quick Escape on a busy machine was lost). The panel never renders on
  // the server (it loads on first open).
  useLayoutEffect(() => {
    if (!isDialog) return;
    closeRef.current?.focus();
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.preventDefault();
        drawer.close();
        return;
      }
      if (event.key !== "Tab" || !panelRef.current) return;
      const focusable = [
        ...panelRef.current.querySelectorAll<HTMLElement>(focusableSelector),
      ].filter((element) => element.offsetParent !== null);
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) return;
      const active = document.activeElement;
      const inside = active instanceof Node && panelRef.current.contains(active);
      if (event.shiftKey && (active === first || !inside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !inside)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.body.style.overflow = previousOverflow;
    };
  }, [isDialog, drawer.close]);

  const body = (
    <>
      <div className="flex items-center justify-between border-b border-stone-200 px-5 py-4">
        <div>
          <h2 id={headingId} className="text-xl font-semibold">
            Your Cart
          </h2>
          <p className="text-sm text-stone-600">
            {cartItemsLabel(boxCount, sampleCount, accessoryCount)}
          </p>
        </div>
        <button
          ref={closeRef}
          type="button"
          className="rounded-md p-2 text-stone-600 hover:bg-stone-100 hover:text-navy-800"
          aria-label="Close cart"
          onClick={() => drawer.close()}
        >
          <CloseIcon />
        </button>
      </div>

      {items.length === 0 ? (
        <div className="flex flex-1 flex-col items-center justify-center gap-4 px-6 text-center">
          <p className="text-stone-700">Your cart is empty.</p>
          <Link
            to="/products"
            className="btn-primary"
            onClick={() => drawer.close({ restoreFocus: false })}
          >
            Browse Products
          </Link>
        </div>
      ) : (
        <ul className="flex-1 divide-y divide-stone-200 overflow-y-auto px-5">
          {linesInCartOrder(items).map((item) => (
            <li key={`${kindOf(item)}:${item.product_id}`} className="flex gap-3 py-4">
              <FloorImage
                src={item.thumbnail_image_url}
                fallbackSrc={defaultFlooringThumb}
                alt=""
                width={72}
                height={72}
                className="h-18 w-18 shrink-0 rounded-md bg-stone-100 object-cover"
              />
              <div className="min-w-0 flex-1">
                <p className="truncate font-semibold text-navy-800">
                  {kindOf(item) === "sample" ? <SampleBadge /> : null}
                  {item.product_name}
                </p>
                {kindOf(item) === "sample" ? (
                  <p className="flex justify-between gap-2 text-sm text-stone-600">
                    <span>{sampleNote(item.quantity)}</span>
                    <span className="font-semibold text-stone-900">
                      {samplePrice(item.product_id, sampleCents, sampleCount)}
                    </span>
                  </p>
                ) : (
                  <>
                    <p className="text-sm text-stone-600">
                      {formatUsd(item.unit_price)} / {unitName(item.selling_unit, 1)}
                      {item.lot_code ? ` · Dye lot ${item.lot_code}` : ""}
                    </p>
                    <div className="mt-2 flex items-center justify-between gap-2">
                      <QuantityStepper
                        quantity={item.quantity}
                        productName={item.product_name}
                        onChange={(quantity) => setQuantity(item.product_id, quantity)}
                      />
                      <span className="font-semibold">{formatUsd(item.total_price)}</span>
                    </div>
                    <LineStockNote stock={stock.get(item.product_id)} className="mt-2" />
                  </>
                )}
                <RemoveLineButton item={item} className="mt-2" />
              </div>
            </li>
          ))}
        </ul>
      )}

      {items.length > 0 ? (
        <div className="border-t border-stone-200 bg-cream/60 px-5 py-4">
          <dl className="mb-1 text-base font-semibold">
            <SummaryRow label="Subtotal">{formatUsd(subtotal)}</SummaryRow>
          </dl>
          <p className="mb-4 text-sm text-stone-600">Shipping is calculated at checkout.</p>
          <div className="grid gap-2">
            <Link
              to={paths.cart}
              className="btn-primary"
              onClick={() => drawer.close({ restoreFocus: false })}
            >
              View Full Cart
            </Link>
            <button type="button" className="btn-outline" onClick={() => drawer.close()}>
              Continue Shopping
            </button>
          </div>
        </div>
      ) : null}
    </>
  );

  return (
    <>
      {isDialog ? (
        <div
          aria-hidden="true"
          className="fixed inset-0 z-50 bg-navy-900/40"
          onClick={() => drawer.close()}
        />
      ) : null}
      {isDialog ? (
        <div
          ref={panelRef}
          role="dialog"
          aria-modal="true"
          aria-labelledby={headingId}
          className={panelClass}
        >
          {body}
        </div>
      ) : (
        <section
          aria-labelledby={headingId}
          className={panelClass}
          // A move, not an enter: a preview that opens under a resting pointer still closes.
          onPointerMove={drawer.holdPreview}
          onPointerLeave={drawer.releasePreview}
          onFocus={drawer.holdPreview}
        >
          {body}
        </section>
      )}
    </>
  );
}
