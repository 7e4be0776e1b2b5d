import type { AceAccessoryListResponse } from "@mcf/contracts/partners";
import { Link, type MetaArgs } from "react-router";
import { useRequirePartner } from "../../features/ace/ace-auth.tsx";
import { LoadingLine } from "../../features/ace/auth-card.tsx";
import { AwaitingApproval } from "../../features/ace/awaiting-approval.tsx";
import { usePartnerResource } from "../../features/ace/use-partner-resource.ts";
import { AccessoryGroups } from "../../features/catalog/accessory-groups.tsx";
import { productListErrorMessage } from "../../features/catalog/list-messages.ts";
import { partnerPriceSource } from "../../features/catalog/partner-price-source.ts";
import { pageTitles } from "../../lib/page-titles.ts";
import { pageMeta } from "../../lib/seo.ts";

export const meta = ({ matches }: MetaArgs) =>
  pageMeta(
    matches,
    pageTitles.aceAccessories,
    "Underlayment, adhesive and trims at ACE partner prices.",
  );

/**
 * /ace/accessories: every accessory, grouped by kind as /accessories shows them, at the partner's
 * price of one unit ("ACE Price"; "Public price" for one without a partner price), loaded in the
 * browser with the partner's token. Cart lines added here are partner lines.
 */
export default function AceAccessories() {
  const { user, token, loading } = useRequirePartner();
  const approved = user?.status === "approved";
  const { resource, retry } = usePartnerResource<AceAccessoryListResponse>(
    approved ? "/api/ace/accessories" : null,
    token,
  );

  if (loading) return <LoadingLine />;
  if (!user) return null;
  if (!approved) return <AwaitingApproval user={user} />;

  return (
    <div className="container-page py-8 sm:py-10">
      <header className="mb-6 max-w-3xl">
        <p className="text-xs font-bold tracking-wider text-oak-700 uppercase">
          ACE Partner Portal
        </p>
        <h1 className="text-3xl font-bold sm:text-4xl">Accessories</h1>
        <p className="mt-1 text-stone-700">
          Underlayment, adhesive and trims at your partner prices, per roll, pail or piece. Each
          floor's page suggests the ones made or color-matched for it.
        </p>
      </header>
      {resource.status === "loading" ? (
        <LoadingLine label="Loading accessories..." />
      ) : resource.status !== "ready" ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
          <p>{productListErrorMessage}</p>
          <button type="button" className="btn-outline mt-3" onClick={retry}>
            Try Again
          </button>
        </div>
      ) : resource.data.products.length === 0 ? (
        <p className="text-stone-700">
          No accessories are listed right now.{" "}
          <Link to={partnerPriceSource.listPath} className="font-semibold text-oak-700 underline">
            Back to Products
          </Link>
        </p>
      ) : (
        <AccessoryGroups
          products={resource.data.products}
          cardOf={(product) => ({
            product,
            price: partnerPriceSource.priceOf(product, "card"),
            href: partnerPriceSource.detailHref(product),
            partnerPrice: partnerPriceSource.partnerLines,
          })}
        />
      )}
    </div>
  );
}
