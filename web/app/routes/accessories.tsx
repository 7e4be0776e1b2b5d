import { Link } from "react-router";
import { AccessoryGroups } from "../features/catalog/accessory-groups.tsx";
import { loadProductList } from "../features/catalog/list-loader.ts";
import { productListErrorMessage } from "../features/catalog/list-messages.ts";
import { publicPriceSource } from "../features/catalog/price-source.ts";
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

/** /accessories: every accessory, grouped by kind in the order a project needs them. */
export default function Accessories({ loaderData }: Route.ComponentProps) {
  const { products, failed } = loaderData;
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
      ) : products.length === 0 ? (
        <p className="text-stone-700">
          No accessories are listed right now.{" "}
          <Link to="/products" className="font-semibold text-oak-700 underline">
            Browse All Products
          </Link>
        </p>
      ) : (
        <AccessoryGroups
          products={products}
          cardOf={(product) => ({
            product,
            price: publicPriceSource.priceOf(product),
            href: publicPriceSource.detailHref(product),
          })}
        />
      )}
    </div>
  );
}
