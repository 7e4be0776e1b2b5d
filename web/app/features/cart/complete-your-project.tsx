import {
  accessoryKindLabels,
  suggestAccessoryQuantities,
  unitName,
} from "@mcf/contracts/accessories";
import type { CartItem } from "@mcf/contracts/cart";
import { formatUsd } from "@mcf/contracts/money";
import type { AceProduct } from "@mcf/contracts/partners";
import type { Companion, CompanionListResponse } from "@mcf/contracts/product";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { FloorImage } from "../../components/floor-image.tsx";
import { readAceToken } from "../../lib/ace-token.ts";
import { api, isAbortError } from "../../lib/api.ts";
import { useCart } from "../../lib/cart/cart-context.tsx";
import { defaultFlooringThumb, isAccessoryLine, kindOf } from "../../lib/cart/cart-lines.ts";
import { partnerCatalog, partnerPriceLabel } from "../../lib/partner-catalog.ts";

interface Suggestion {
  companion: Companion;
  /** The floor in the cart it goes with. */
  floorName: string;
  quantity: number;
  /** Suggested for a partner's floor line: priced, added and linked as the partner's. */
  partner: boolean;
}

/** The companions of one floor in the cart, and whether they are at the partner's prices. */
interface FloorCompanions {
  companions: Companion[];
  partner: boolean;
}

/**
 * The companions of a floor line at the prices that line is charged at: a partner's line (added
 * in the ACE portal) asks the portal with the partner's token, so the price shown is the price
 * the checkout charges; without a token (signed out) the line is priced as the public's.
 */
async function companionsOf(
  productId: number,
  partnerLine: boolean,
  signal: AbortSignal,
): Promise<FloorCompanions> {
  const token = partnerLine ? readAceToken() : null;
  const path = token
    ? `${partnerCatalog.api}/${productId}/companions`
    : `/api/products/${productId}/companions`;
  const answer = await api<CompanionListResponse>(path, { signal, token });
  return { companions: answer.companions, partner: token !== null };
}

/** Where a companion's page is, and the label its price carries ("ACE Price" for a partner's). */
function shownAs(product: Companion["product"], partner: boolean) {
  if (!partner) return { href: `/products/${product.id}`, label: null };
  // The portal answered this companion, so it carries the partner's price source.
  return {
    href: partnerCatalog.productPath(product.id),
    label: partnerPriceLabel(product as AceProduct),
  };
}

/** Floors in the cart (box lines that are not accessories), one per product. */
const floorLines = (items: CartItem[]) =>
  items.filter((item) => kindOf(item) === "box" && !isAccessoryLine(item));

/**
 * How many of a companion the floor's line needs: underlayment or adhesive for the sq ft in the
 * cart, quarter round along the walls of a room that size, one transition (the shopper sets the
 * count). Stair nose is not suggested here: the cart does not know of any stairs.
 */
function quantityFor(companion: Companion, floor: CartItem): number {
  const [suggestion] = suggestAccessoryQuantities(
    { roomAreaSqft: floor.total_sqft, doorways: 1, steps: 0 },
    [
      {
        id: companion.product.id,
        kind: companion.kind,
        unitCoverageSqft: companion.product.unit_coverage_sqft,
      },
    ],
  );
  return Math.max(1, Math.min(suggestion?.quantity ?? 1, companion.product.stock_quantity));
}

/**
 * "Complete your project" under the cart's lines: the accessories that go with the floors in the
 * cart (the server's companion rules) that the cart does not hold yet, each with the quantity the
 * floor needs and a one-click add. Hidden while loading fails or when nothing is missing.
 */
export function CompleteYourProject() {
  const { items, addItem } = useCart();
  const floors = floorLines(items);
  // Each floor's id, and "p" when it is a partner's line (its companions are the partner's).
  const floorKey = floors
    .map((floor) => `${floor.product_id}${floor.partner_price ? "p" : ""}`)
    .join(",");
  const [companionsByFloor, setCompanionsByFloor] = useState<Map<number, FloorCompanions> | null>(
    null,
  );

  useEffect(() => {
    const ids = floorKey ? floorKey.split(",") : [];
    if (ids.length === 0) {
      setCompanionsByFloor(new Map());
      return;
    }
    const controller = new AbortController();
    Promise.all(
      ids.map(async (key) => {
        const id = Number.parseInt(key, 10);
        try {
          return [id, await companionsOf(id, key.endsWith("p"), controller.signal)] as const;
        } catch (error) {
          if (isAbortError(error)) throw error;
          // A floor whose companions cannot be read just suggests nothing.
          const none: FloorCompanions = { companions: [], partner: false };
          return [id, none] as const;
        }
      }),
    )
      .then((entries) => setCompanionsByFloor(new Map(entries)))
      .catch(() => {});
    return () => controller.abort();
  }, [floorKey]);

  if (floors.length === 0) return null;
  if (companionsByFloor === null) {
    return (
      <p className="mt-6 text-sm text-stone-600" role="status">
        Finding the accessories for your floor...
      </p>
    );
  }
  const inCart = new Set(items.map((item) => item.product_id));
  const suggestions: Suggestion[] = [];
  for (const floor of floors) {
    const found = companionsByFloor.get(floor.product_id);
    for (const companion of found?.companions ?? []) {
      const id = companion.product.id;
      if (inCart.has(id) || suggestions.some((s) => s.companion.product.id === id)) continue;
      if (companion.product.price_per_box === null) continue;
      // Stairs are counted on the product page's calculator; the cart knows of none.
      if (companion.kind === "stair_nose") continue;
      suggestions.push({
        companion,
        floorName: floor.product_name,
        quantity: quantityFor(companion, floor),
        partner: found?.partner ?? false,
      });
    }
  }
  if (suggestions.length === 0) return null;

  return (
    <section
      aria-labelledby="complete-project-heading"
      className="mt-8 rounded-xl border border-stone-200 bg-cream/50 p-5 sm:p-6"
    >
      <h2 id="complete-project-heading" className="text-xl font-semibold">
        Complete your project
      </h2>
      <p className="mb-4 text-sm text-stone-700">
        Chosen for the floors in your cart. Quantities are for the square feet you are buying;
        change them in the cart.{" "}
        <Link
          to={
            suggestions.some((suggestion) => suggestion.partner)
              ? partnerCatalog.accessoriesPath
              : "/accessories"
          }
          className="font-semibold text-oak-700 underline"
        >
          All accessories
        </Link>
      </p>
      <ul className="grid gap-3 sm:grid-cols-2">
        {suggestions.map(({ companion, floorName, quantity, partner }) => {
          const product = companion.product;
          const shown = shownAs(product, partner);
          const price = product.price_per_box ?? 0;
          const units = unitName(product.selling_unit, quantity);
          return (
            <li
              key={product.id}
              className="flex gap-3 rounded-lg border border-stone-200 bg-white p-3"
            >
              <FloorImage
                src={product.thumbnail_image_url}
                fallbackSrc={defaultFlooringThumb}
                alt=""
                width={64}
                height={64}
                className="h-16 w-16 shrink-0 rounded-md bg-stone-100 object-cover"
              />
              <div className="min-w-0 flex-1">
                <p className="text-xs font-semibold tracking-wider text-oak-700 uppercase">
                  {accessoryKindLabels[companion.kind]}
                </p>
                <h3 className="font-sans text-sm leading-snug font-semibold">
                  <Link to={shown.href} className="hover:text-oak-700">
                    {product.name}
                  </Link>
                </h3>
                <p className="text-xs text-stone-600">
                  {companion.reason} ({floorName})
                </p>
                <p className="mt-1 text-sm">
                  {shown.label ? (
                    <span className="mr-1 text-xs font-semibold text-oak-700 uppercase">
                      {shown.label}
                    </span>
                  ) : null}
                  {formatUsd(price)} per {unitName(product.selling_unit, 1)}
                </p>
                <button
                  type="button"
                  className="btn-outline mt-2 px-3 py-1.5 text-sm"
                  aria-label={`Add ${quantity} ${units} of ${product.name}`}
                  onClick={() =>
                    addItem({ ...product, price_per_box: price }, quantity, {
                      unitPrice: price,
                      partnerPrice: partner,
                    })
                  }
                >
                  Add {quantity} {units}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
