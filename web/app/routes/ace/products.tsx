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
 * The partner list filters by type and by yes/no features: brand, collection, construction and
 * colour values come from the whole public catalogue, and most of them would find nothing in the
 * partner collection. The features are those of the partner collection (its own facets call).
 */
const partnerFacets: ProductFacets = {
  types: [...productTypes],
  brands: [],
  collections: [],
  constructions: [],
  style_colors: [],
  features: [],
};
const partnerHiddenFilters: FilterKey[] = ["brand", "collection", "construction", "style_color"];

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
      ? `${partnerPriceSource.api}/facets?collection=${encodeURIComponent(collection)}`
      : null,
    token,
  );
  // The list's code (filters, cards, page links) is fetched while the list loads, and the list
  // shown once it has come, so the filters and the cards appear together.
  const partsLoaded = usePreloaded(preloadProductListParts);
  // Until the features load (or if they fail), the list simply offers none.
  const facets: ProductFacets =
    facetsResource.status === "ready"
      ? { ...partnerFacets, features: facetsResource.data.features }
      : partnerFacets;

  if (loading) return <LoadingLine />;
  if (!user) return null;
  if (!approved) return <AwaitingApproval user={user} />;
  if (!partsLoaded) return <LoadingLine label="Loading products..." />;

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
        hiddenFilters={partnerHiddenFilters}
        onParamsChange={(next) => navigate(`${partnerPriceSource.listPath}${listHref(next)}`)}
        onRetry={retry}
        source={partnerPriceSource}
      />
    </div>
  );
}
