import type { TrackingResult } from "@mcf/contracts/orders";
import type { ReturnOptions } from "@mcf/contracts/returns";
import { Link } from "react-router";
import { CallUsLinks } from "../components/call-us-links.tsx";
import { ClaimForm } from "../features/orders/claim-form.tsx";
import { OrderLinesLots } from "../features/orders/order-lines-lots.tsx";
import { ReturnRequest } from "../features/orders/return-request.tsx";
import {
  formatTrackingDate,
  InspectionChecklist,
  ShipmentDetails,
} from "../features/orders/shipment-details.tsx";
import progressCss from "../features/orders/tracking-progress.css?url";
import { TrackingProgress } from "../features/orders/tracking-progress.tsx";
import { isCancelledStatus, statusLabel } from "../features/orders/tracking-steps.ts";
import { api, namesNothing } from "../lib/api.ts";
import { pageTitles } from "../lib/page-titles.ts";
import { pageMeta } from "../lib/seo.ts";
import { useStoreDetails } from "../lib/store-details.ts";
import type { Route } from "./+types/track";

export const notFoundMessage =
  "We could not find your order. Please check back later or contact support.";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, pageTitles.tracking, "Follow your flooring order from payment to delivery."),
  { name: "robots", content: "noindex" },
];

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: progressCss }];

export async function loader({ params, context }: Route.LoaderArgs) {
  try {
    const path = `/api/track/${encodeURIComponent(params.token)}`;
    const [tracking, returns] = await Promise.all([
      api<TrackingResult>(path, { fetch: context.apiFetch }),
      // Returns are extra: the page shows the order without them when they cannot be read.
      api<ReturnOptions>(`${path}/returns`, { fetch: context.apiFetch }).catch(() => null),
    ]);
    return { tracking, returns };
  } catch (error) {
    if (namesNothing(error)) return { tracking: null, returns: null };
    throw error;
  }
}

// Calm colours for the customer: red reads as a problem, and a paid order being prepared is none
// (the admin's red, pulsing "processing" means work waiting for staff, and stays there).
const badgeClass: Record<string, string> = {
  pending: "bg-amber-100 text-amber-900",
  processing: "bg-navy-50 text-navy-800",
  shipped: "bg-green-100 text-green-800",
  delivered: "bg-green-200 text-green-900",
  completed: "bg-green-200 text-green-900",
};

/** /track/{token}: where an order is, for anyone holding its tracking link. */
export default function TrackOrderPage({ loaderData, params }: Route.ComponentProps) {
  const { tracking, returns } = loaderData;
  return (
    <div>
      <div className="container-page max-w-3xl py-10 sm:py-16">
        <h1 className="mb-6 text-center text-3xl font-bold sm:text-4xl">Order Tracking</h1>
        {tracking ? (
          <TrackingDetails tracking={tracking} returns={returns} token={params.token} />
        ) : (
          <div className="rounded-xl border border-stone-200 bg-white p-8 text-center">
            <p role="alert" className="mb-6 text-lg text-stone-800">
              {notFoundMessage}
            </p>
            <CallUsLinks>
              <Link to="/track" className="btn-primary">
                Look Up by Order Number
              </Link>
              <Link to="/contact" className="btn-outline">
                Contact Support
              </Link>
            </CallUsLinks>
          </div>
        )}
      </div>
    </div>
  );
}

/** Claims are about boxes that arrived (or should have): from shipping on. */
const claimStatuses = new Set(["shipped", "delivered", "completed"]);

function TrackingDetails({
  tracking,
  returns,
  token,
}: {
  tracking: TrackingResult;
  returns: ReturnOptions | null;
  token: string;
}) {
  const store = useStoreDetails();
  const status = tracking.status.toLowerCase();
  const badge = isCancelledStatus(status)
    ? "bg-stone-200 text-stone-800"
    : (badgeClass[status] ?? "bg-stone-100 text-stone-800");

  return (
    <div className="space-y-6">
      <section className="rounded-xl border border-stone-200 bg-white p-6 sm:p-8">
        <div className="mb-8 flex flex-wrap items-start justify-between gap-4">
          <div>
            <p className="text-sm text-stone-600">Order number</p>
            <p className="text-2xl font-bold text-navy-800">{tracking.friendly_order_id}</p>
            <p className="mt-1 text-sm text-stone-600">
              Placed {formatTrackingDate(tracking.created_at)}
            </p>
          </div>
          <div className="sm:text-right">
            <p className="text-sm text-stone-600">Status</p>
            <p
              data-testid="order-status"
              className={`mt-1 inline-block rounded-full px-3 py-1 text-sm font-semibold ${badge}`}
            >
              {statusLabel(status)}
            </p>
          </div>
        </div>
        <h2 className="sr-only">Progress</h2>
        <TrackingProgress status={status} />
      </section>

      <ShipmentDetails tracking={tracking} />
      {tracking.lines && !isCancelledStatus(status) ? (
        <OrderLinesLots lines={tracking.lines} />
      ) : null}
      {/* Samples alone come in an envelope: no boxes to count, claim or send back. */}
      {tracking.delivery.method !== "pickup" &&
      !isCancelledStatus(status) &&
      tracking.total_cartons > 0 ? (
        <InspectionChecklist totalBoxes={tracking.total_cartons} />
      ) : null}
      {claimStatuses.has(status) && tracking.total_cartons > 0 ? (
        <ClaimForm token={token} totalBoxes={tracking.total_cartons} />
      ) : null}
      {returns && claimStatuses.has(status) && tracking.total_cartons > 0 ? (
        <ReturnRequest token={token} options={returns} />
      ) : null}

      <p className="text-center text-sm text-stone-600">
        Questions about your order? Call{" "}
        <a href={store.phone_href} className="font-semibold text-oak-700 hover:underline">
          {store.phone}
        </a>
        {store.hours[0] ? ` (${store.hours[0].days} ${store.hours[0].time})` : ""}.
      </p>
    </div>
  );
}
