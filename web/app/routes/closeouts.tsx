import { useId, useState } from "react";
import { Link, useNavigation, useRevalidator } from "react-router";
import type { CloseoutCard as CloseoutCardView } from "../features/catalog/closeout-card.tsx";
import {
  type CloseoutSort,
  closeoutSortOptions,
  sortCloseouts,
} from "../features/catalog/closeout-sort.ts";
import { loadProductList } from "../features/catalog/list-loader.ts";
import { productListErrorMessage } from "../features/catalog/list-messages.ts";
import { Spinner } from "../features/catalog/spinner.tsx";
import { useLiveStock } from "../features/catalog/use-live-stock.ts";
import { deferredIsland } from "../lib/deferred-island.tsx";
import { pageTitles } from "../lib/page-titles.ts";
import { pageMeta } from "../lib/seo.ts";
import type { Route } from "./+types/closeouts";

/**
 * The cards render with the page; their code (Add to Cart among it) follows hydration (decision
 * 089), each card hydrating on its own, as on the product list.
 */
const CloseoutCard = deferredIsland<Parameters<typeof CloseoutCardView>[0]>(() =>
  import("../features/catalog/closeout-card.tsx").then((m) => m.CloseoutCard),
);

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadProductList("/api/products?closeout=true", context, request);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    pageTitles.closeouts,
    (store) =>
      `Closeout flooring deals at ${store.business_name}: discontinued and overstock hardwood, laminate, vinyl, tile and carpet well below MSRP, while stock lasts.`,
  );

export default function Closeouts({ loaderData }: Route.ComponentProps) {
  const { failed } = loaderData;
  const products = useLiveStock(loaderData.products);
  const id = useId();
  const [sort, setSort] = useState<CloseoutSort>("discount");
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const loading =
    revalidator.state === "loading" ||
    (navigation.state === "loading" && navigation.location.pathname === "/closeouts");
  const sorted = sortCloseouts(products, sort);

  return (
    <div className="container-page py-10 sm:py-12">
      <header className="mb-8 flex flex-wrap items-end justify-between gap-6">
        <div>
          <p className="mb-2 text-sm font-semibold tracking-widest text-brick-600 uppercase">
            While stock lasts
          </p>
          <h1 className="mb-3 text-3xl font-bold sm:text-4xl">Closeout Deals</h1>
          <p className="max-w-2xl text-stone-700">
            Discontinued colors and overstock at deep discounts. Quantities are limited, so check
            the box count before you plan a large room.
          </p>
        </div>
        {!failed && products.length > 0 ? (
          <div className="w-full sm:w-60">
            <label htmlFor={`${id}-sort`} className="field-label">
              Sort by
            </label>
            <select
              id={`${id}-sort`}
              value={sort}
              onChange={(event) => setSort(event.target.value as CloseoutSort)}
              className="field-input"
            >
              {closeoutSortOptions.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
        ) : null}
      </header>

      {loading ? (
        <Spinner label="Loading closeout deals..." />
      ) : failed ? (
        <div
          role="alert"
          className="rounded-lg border border-red-200 bg-red-50 px-6 py-10 text-center"
        >
          <p className="mb-4 font-medium text-red-800">{productListErrorMessage}</p>
          <button
            type="button"
            className="btn-primary"
            onClick={() => void revalidator.revalidate()}
          >
            Try Again
          </button>
        </div>
      ) : products.length === 0 ? (
        <div className="rounded-lg border border-stone-200 bg-white px-6 py-14 text-center">
          <h2 className="mb-2 text-2xl font-semibold">No closeout deals right now</h2>
          <p className="mb-6 text-stone-700">
            New closeouts arrive every few weeks. Our full catalogue is always available.
          </p>
          <Link to="/products" className="btn-primary">
            Browse All Products
          </Link>
        </div>
      ) : (
        <>
          {/* Keeps the heading order h1 → h2 → the cards' h3 for screen readers. */}
          <h2 className="sr-only">Closeout list</h2>
          <p className="mb-4 text-sm text-stone-700" aria-live="polite">
            Showing {products.length} closeout {products.length === 1 ? "item" : "items"}
          </p>
          <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {sorted.map((product, index) => (
              <li key={product.id} className="flex">
                <CloseoutCard product={product} eager={index < 4} />
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
