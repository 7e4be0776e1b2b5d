import { productTypes } from "@mcf/contracts/business";
import type { AceProduct } from "@mcf/contracts/partners";
import { aceDefaultCollection } from "@mcf/contracts/partners-options";
import type { ProductFacets } from "@mcf/contracts/product";
import { totalCountHeader } from "@mcf/contracts/product-options";
import { collectionDisplayName } from "@mcf/contracts/store-settings-format";
import { Link, type MetaArgs, useNavigate, useSearchParams } from "react-router";
import { useRequirePartner } from "../../features/ace/ace-auth.tsx";
import { LoadingLine } from "../../features/ace/auth-card.tsx";
import { AwaitingApproval } from "../../features/ace/awaiting-approval.tsx";
import { usePartnerResource } from "../../features/ace/use-partner-resource.ts";
import {
  type FilterKey,
  type ListParams,
  listHref,
  listSearchParams,
  parseListParams,
} from "../../features/catalog/list-params.ts";
import { partnerPriceSource } from "../../features/catalog/partner-price-source.ts";
import {
  type ProductListState,
  ProductListView,
  preloadProductListParts,
} from "../../features/catalog/product-list-view.tsx";
import { usePreloaded } from "../../lib/deferred-island.tsx";
import { pageTitles } from "../../lib/page-titles.ts";
import { pageMeta } from "../../lib/seo.ts";
import { useStoreDetails } from "../../lib/store-details.ts";

export const meta = ({ matches }: MetaArgs) =>
  pageMeta(matches, pageTitles.aceProducts, "ACE partner products at partner prices.");

/**
 * The partner list shows one collection, so it offers no collection filter. Its other filters
 * (type, brand, construction, colour, the yes/no features) offer the values of that collection
 * (its own facets call), so each finds something; until they load, or if they fail, type alone.
 */
const partnerFacets: ProductFacets = {
  types: [...productTypes],
  brands: [],
  collections: [],
  constructions: [],
  style_colors: [],
  features: [],
};
const valueFilters = {
  brand: "brands",
  construction: "constructions",
  style_color: "style_colors",
} as const;

/** The filters the partner list leaves out: the collection, and those with no value to offer. */
function partnerHiddenFilters(facets: ProductFacets, params: ListParams): FilterKey[] {
  const empty = (Object.keys(valueFilters) as (keyof typeof valueFilters)[]).filter(
    (key) => facets[valueFilters[key]].length === 0 && params[key] === "",
  );
  return ["collection", ...empty];
}

/** /ace: the catalogue's list at partner prices, loaded in the browser with the partner's token. */
export default function AceProducts() {
  const store = useStoreDetails();
  const { user, token, loading } = useRequirePartner();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const params = parseListParams(searchParams);
  const approved = user?.status === "approved";
  const { resource, retry } = usePartnerResource<AceProduct[]>(
    approved ? `${partnerPriceSource.api}?${listSearchParams(params)}` : null,
    token,
  );
  const collection = params.collection || aceDefaultCollection;
  const { resource: facetsResource } = usePartnerResource<ProductFacets>(
    approved
      ? `${partnerPriceSource.api}/facets?collection=${encodeURIComponent(collection)}${params.type ? `&type=${encodeURIComponent(params.type)}` : ""}`
      : null,
    token,
  );
  // The list's code (filters, cards, page links) is fetched while the list loads, and the list
  // shown once it has come, so the filters and the cards appear together.
  const partsLoaded = usePreloaded(preloadProductListParts);
  const facets: ProductFacets =
    facetsResource.status === "ready" ? { ...facetsResource.data, collections: [] } : partnerFacets;

  if (loading) return <LoadingLine />;
  if (!user) return null;
  if (!approved) return <AwaitingApproval user={user} />;
  // The filters come with the list, not a moment after it.
  if (!partsLoaded || facetsResource.status === "loading")
    return <LoadingLine label="Loading products..." />;

  const state: ProductListState<AceProduct> =
    resource.status === "ready"
      ? {
          status: "ready",
          products: resource.data,
          total: Number(resource.headers.get(totalCountHeader) ?? resource.data.length),
        }
      : resource.status === "loading"
        ? { status: "loading" }
        : { status: "error" };

  return (
    <div className="container-page py-8 sm:py-10">
      <header className="mb-6">
        <p className="text-xs font-bold tracking-wider text-oak-700 uppercase">
          ACE Partner Portal
        </p>
        <h1 className="text-3xl font-bold sm:text-4xl">Partner Products</h1>
        <p className="mt-1 text-stone-700">
          Your partner prices, per square foot and per box. Showing the{" "}
          {collectionDisplayName(store.collection_names, params.collection || aceDefaultCollection)}{" "}
          collection.{" "}
          <Link
            to={partnerPriceSource.accessoriesPath}
            className="font-semibold text-navy-800 underline"
          >
            Underlayment, adhesive and trims
          </Link>{" "}
          are in Accessories.
        </p>
      </header>
      <ProductListView
        state={state}
        params={params}
        facets={facets}
        hiddenFilters={partnerHiddenFilters(facets, params)}
        onParamsChange={(next) => navigate(`${partnerPriceSource.listPath}${listHref(next)}`)}
        onRetry={retry}
        source={partnerPriceSource}
      />
    </div>
  );
}
