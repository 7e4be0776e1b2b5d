import type { AceCompanion, AceProduct } from "@mcf/contracts/partners";
import { Link, type MetaArgs, useParams } from "react-router";
import { Breadcrumbs } from "../../components/breadcrumbs.tsx";
import { useRequirePartner } from "../../features/ace/ace-auth.tsx";
import { LoadingLine } from "../../features/ace/auth-card.tsx";
import { AwaitingApproval } from "../../features/ace/awaiting-approval.tsx";
import { usePartnerResource } from "../../features/ace/use-partner-resource.ts";
import { productDetailErrorMessage } from "../../features/catalog/list-messages.ts";
import { partnerPriceSource } from "../../features/catalog/partner-price-source.ts";
import {
  ProductDetailView,
  preloadProductDetailParts,
} from "../../features/catalog/product-detail-view.tsx";
import { usePreloaded } from "../../lib/deferred-island.tsx";
import { pageTitles } from "../../lib/page-titles.ts";
import { pageMeta } from "../../lib/seo.ts";

export const meta = ({ matches }: MetaArgs) =>
  pageMeta(matches, pageTitles.aceProductDetail, "Partner product details and ACE pricing.");

const backLink = { to: partnerPriceSource.listPath, label: "Back to Products" } as const;

function PartnerProductMessage({ title, text }: { title: string; text: string }) {
  return (
    <div className="container-page max-w-2xl py-14 text-center">
      <h1 className="mb-3 text-2xl font-bold text-navy-800">{title}</h1>
      <p className="mb-6 text-stone-700">{text}</p>
      <Link to={backLink.to} className="btn-primary">
        {backLink.label}
      </Link>
    </div>
  );
}

/** /ace/products/{id}: the catalogue's product page at the partner price, loaded in the browser. */
export default function AceProductDetail() {
  const { id = "" } = useParams();
  const { user, token, loading } = useRequirePartner();
  const approved = user?.status === "approved";
  const { resource } = usePartnerResource<AceProduct>(
    approved ? `${partnerPriceSource.api}/${encodeURIComponent(id)}` : null,
    token,
  );
  // The floor's accessories at partner prices, for the calculator; without them (still loading,
  // or failed) the calculator simply offers none.
  const { resource: companionsResource } = usePartnerResource<{ companions: AceCompanion[] }>(
    approved ? `${partnerPriceSource.api}/${encodeURIComponent(id)}/companions` : null,
    token,
  );
  // The view's parts (gallery, price and calculator, specifications) are code that follows
  // hydration: fetched while the product loads, and the product shown once both have come.
  const partsLoaded = usePreloaded(preloadProductDetailParts);

  if (loading) return <LoadingLine />;
  if (!user) return null;
  if (!approved) return <AwaitingApproval user={user} />;
  if (resource.status === "loading") return <LoadingLine label="Loading product..." />;
  if (resource.status === "missing") {
    return (
      <PartnerProductMessage
        title="Product Not Found"
        text="The product you're looking for doesn't exist."
      />
    );
  }
  if (resource.status === "error") {
    return <PartnerProductMessage title="Something went wrong" text={productDetailErrorMessage} />;
  }
  if (!partsLoaded) return <LoadingLine label="Loading product..." />;
  const product = resource.data;
  const companions =
    companionsResource.status === "ready" ? companionsResource.data.companions : undefined;
  // An accessory's page sits under the partner's Accessories list, as a floor's under Products.
  const parent = product.accessory_kind
    ? { label: "Accessories", to: partnerPriceSource.accessoriesPath }
    : { label: "Partner Products", to: backLink.to };
  return (
    <div className="container-page py-8 sm:py-10">
      <Breadcrumbs trail={[parent, { label: product.name }]} />
      <ProductDetailView product={product} source={partnerPriceSource} companions={companions} />
      <Link
        to={backLink.to}
        className="mt-10 inline-block font-medium text-navy-800 hover:underline"
      >
        ← {backLink.label}
      </Link>
    </div>
  );
}
