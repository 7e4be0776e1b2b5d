import {
  type AccessoryKind,
  accessoryKindLabels,
  accessoryKinds,
} from "@mcf/contracts/accessories";
import { Link } from "react-router";
import { AccessoryCard } from "../features/catalog/accessory-card.tsx";
import { loadProductList } from "../features/catalog/list-loader.ts";
import { productListErrorMessage } from "../features/catalog/list-messages.ts";
import { pageTitles } from "../lib/page-titles.ts";
import { pageMeta } from "../lib/seo.ts";
import type { Route } from "./+types/accessories";

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadProductList("/api/accessories", context, request);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    pageTitles.accessories,
    "Underlayment, adhesive, transitions, reducers, stair nose and quarter round to finish your floor, sold by the roll, pail or piece.",
  );

const kindIntros: Record<AccessoryKind, string> = {
  underlayment: "Goes under floating floors and carpet. Sold by the roll.",
  adhesive: "For glue-down hardwood and vinyl. Sold by the pail.",
  transition: "Bridges two floors of the same height in a doorway.",
  reducer: "Steps your floor down to a lower one.",
  stair_nose: "Finishes the front edge of each step.",
  quarter_round: "Hides the expansion gap along the walls.",
};

/** /accessories: every accessory, grouped by kind in the order a project needs them. */
export default function Accessories({ loaderData }: Route.ComponentProps) {
  const { products, failed } = loaderData;
  const groups = accessoryKinds
    .map((kind) => ({ kind, items: products.filter((p) => p.accessory_kind === kind) }))
    .filter((group) => group.items.length > 0);
  return (
    <div className="container-page py-10 sm:py-12">
      <header className="mb-8 max-w-3xl">
        <h1 className="mb-3 text-3xl font-bold sm:text-4xl">Accessories</h1>
        <p className="text-stone-700">
          Everything that finishes a floor: underlayment, adhesive and trims. Each floor's page
          suggests the ones made or color-matched for it, with the quantities your room needs.
        </p>
      </header>
      {failed ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
          {productListErrorMessage}
        </p>
      ) : groups.length === 0 ? (
        <p className="text-stone-700">
          No accessories are listed right now.{" "}
          <Link to="/products" className="font-semibold text-oak-700 underline">
            Browse All Products
          </Link>
        </p>
      ) : (
        groups.map(({ kind, items }) => (
          <section key={kind} aria-labelledby={`kind-${kind}`} className="mb-10">
            <h2 id={`kind-${kind}`} className="text-2xl font-semibold">
              {accessoryKindLabels[kind]}
            </h2>
            <p className="mb-4 text-stone-700">{kindIntros[kind]}</p>
            <div className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
              {items.map((product) => (
                <AccessoryCard key={product.id} product={product} />
              ))}
            </div>
          </section>
        ))
      )}
    </div>
  );
}
