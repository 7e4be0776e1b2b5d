import { displayType } from "@mcf/contracts/business";
import type { ProductFacets, PublicProduct } from "@mcf/contracts/product";
import { searchShowingHeader, totalCountHeader } from "@mcf/contracts/product-options";
import { data, useNavigate, useNavigation, useRevalidator } from "react-router";
import {
  type ListParams,
  listHref,
  listSearchParams,
  parseListParams,
} from "../features/catalog/list-params.ts";
import {
  listedProduct,
  type PublicListedProduct,
  publicPriceSource,
} from "../features/catalog/price-source.ts";
import { type ProductListState, ProductListView } from "../features/catalog/product-list-view.tsx";
import { api, apiCall } from "../lib/api.ts";
import { pageTitles } from "../lib/page-titles.ts";
import { pageMeta } from "../lib/seo.ts";
import type { Route } from "./+types/products";

const emptyFacets: ProductFacets = {
  types: [],
  brands: [],
  collections: [],
  constructions: [],
  style_colors: [],
  features: [],
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = parseListParams(new URL(request.url).searchParams);
  const options = { fetch: context.apiFetch, signal: request.signal };
  try {
    const [list, facets] = await Promise.all([
      apiCall<PublicProduct[]>(`${publicPriceSource.api}?${listSearchParams(params)}`, options),
      // The filters offer what the chosen type has: no carpet brand on the hardwood list.
      api<ProductFacets>(
        `${publicPriceSource.api}/facets${params.type ? `?type=${encodeURIComponent(params.type)}` : ""}`,
        options,
      ),
    ]);
    const total = Number(list.headers.get(totalCountHeader) ?? list.data.length);
    const showing = list.headers.get(searchShowingHeader);
    // Only what the cards read goes into the page (and its hydration data).
    return {
      params,
      products: list.data.map(listedProduct),
      total,
      facets,
      showing: showing ? decodeURIComponent(showing) : null,
      failed: false,
    };
  } catch {
    return data(
      {
        params,
        products: [] as PublicListedProduct[],
        total: 0,
        facets: emptyFacets,
        showing: null,
        failed: true,
      },
      { status: 503 },
    );
  }
}

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) => {
  const type = loaderData?.params.type;
  return pageMeta(matches, pageTitles.products, (store) =>
    type
      ? `Shop ${displayType(type).toLowerCase()} flooring by the box at ${store.business_name}: per-square-foot and per-box prices, stock levels and nationwide shipping from Birmingham, Alabama.`
      : "Shop hardwood, laminate, vinyl, tile and carpet flooring by the box: per-square-foot and per-box prices, stock levels and nationwide shipping from Birmingham, Alabama.",
  );
};

function heading(params: ListParams): string {
  if (params.type) return `${displayType(params.type)} Flooring`;
  if (params.q) return `Results for “${params.q}”`;
  return "Shop Flooring";
}

export default function Products({ loaderData }: Route.ComponentProps) {
  const { params, products, total, facets, showing, failed } = loaderData;
  const navigate = useNavigate();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const loading =
    revalidator.state === "loading" ||
    (navigation.state === "loading" && navigation.location.pathname === "/products");
  const state: ProductListState<PublicListedProduct> = loading
    ? { status: "loading" }
    : failed
      ? { status: "error" }
      : { status: "ready", products, total };

  return (
    <div className="container-page py-10 sm:py-12">
      <header className={params.q ? "mb-5" : "mb-8"}>
        <p className="mb-2 text-sm font-semibold tracking-widest text-oak-600 uppercase">
          Sold by the box
        </p>
        <h1 className="mb-3 text-3xl font-bold break-words sm:text-4xl">{heading(params)}</h1>
        {showing && !loading ? (
          <p className="text-stone-800" data-testid="search-showing">
            No products have “{params.q}”. Showing results for{" "}
            <strong className="font-semibold">{showing}</strong>.
          </p>
        ) : params.q ? null : (
          <p className="max-w-3xl text-stone-700">
            Every price is shown per square foot and per box. Buy online and we ship nationwide on
            pallets, or talk to our Birmingham team about installation.
          </p>
        )}
      </header>
      <ProductListView
        state={state}
        params={params}
        facets={facets}
        onParamsChange={(next) => navigate(`${publicPriceSource.listPath}${listHref(next)}`)}
        onRetry={() => void revalidator.revalidate()}
        source={publicPriceSource}
      />
    </div>
  );
}
