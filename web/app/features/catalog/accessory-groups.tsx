import {
  type AccessoryKind,
  accessoryKindLabels,
  accessoryKinds,
} from "@mcf/contracts/accessories";
import type { PublicProduct } from "@mcf/contracts/product";
import { AccessoryCard, type AccessoryCardProps } from "./accessory-card.tsx";

const kindIntros: Record<AccessoryKind, string> = {
  underlayment: "Goes under floating floors and carpet. Sold by the roll.",
  adhesive: "For glue-down hardwood and vinyl. Sold by the pail.",
  transition: "Bridges two floors of the same height in a doorway.",
  reducer: "Steps your floor down to a lower one.",
  stair_nose: "Finishes the front edge of each step.",
  quarter_round: "Hides the expansion gap along the walls.",
};

/** The kinds that have at least one of these accessories, in the order a project needs them. */
export function groupAccessories<P extends PublicProduct>(products: P[]) {
  return accessoryKinds
    .map((kind) => ({ kind, items: products.filter((p) => p.accessory_kind === kind) }))
    .filter((group) => group.items.length > 0);
}

export interface AccessoryGroupsProps<P extends PublicProduct> {
  products: P[];
  /** The card of one accessory: the price this screen shows and charges, and its page. */
  cardOf: (product: P) => AccessoryCardProps;
}

/**
 * Accessories grouped by kind (a heading and a line on what each is for), as /accessories and
 * the partner portal's /ace/accessories show them; the screen says which price a card shows.
 */
export function AccessoryGroups<P extends PublicProduct>({
  products,
  cardOf,
}: AccessoryGroupsProps<P>) {
  return groupAccessories(products).map(({ kind, items }) => (
    <section key={kind} aria-labelledby={`kind-${kind}`} className="mb-10">
      <h2 id={`kind-${kind}`} className="text-2xl font-semibold">
        {accessoryKindLabels[kind]}
      </h2>
      <p className="mb-4 text-stone-700">{kindIntros[kind]}</p>
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
        {items.map((product) => (
          <AccessoryCard key={product.id} {...cardOf(product)} />
        ))}
      </div>
    </section>
  ));
}
