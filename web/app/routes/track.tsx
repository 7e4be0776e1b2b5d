import { business, storeTimeZone } from "@mcf/contracts/business";
import type { TrackingResult } from "@mcf/contracts/orders";
import { carrierTrackingUrl } from "@mcf/contracts/orders-options";
import { Link } from "react-router";
import progressCss from "../features/orders/tracking-progress.css?url";
import { TrackingProgress } from "../features/orders/tracking-progress.tsx";
import { isCancelledStatus, statusLabel } from "../features/orders/tracking-steps.ts";
import { ApiError, api } from "../lib/api.ts";
import { pageTitles } from "../lib/page-titles.ts";
import { pageMeta } from "../lib/seo.ts";
import type { Route } from "./+types/track";

export const notFoundMessage =
  "We could not find your order. Please check back later or contact support.";

export const meta: Route.MetaFunction = () => [
  ...pageMeta(pageTitles.tracking, "Follow your flooring order from payment to delivery."),
  { name: "robots", content: "noindex" },
];

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: progressCss }];

export async function loader({ params, context }: Route.LoaderArgs) {
  try {
    const tracking = await api<TrackingResult>(`/api/track/${encodeURIComponent(params.token)}`, {
      fetch: context.apiFetch,
    });
    return { tracking };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 422))
      return { tracking: null };
    throw error;
  }
}

const dateFormat = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "long",
  day: "numeric",
  timeZone: storeTimeZone,
});
const formatDate = (iso: string | null) => (iso ? dateFormat.format(new Date(iso)) : null);

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
export default function TrackOrderPage({ loaderData }: Route.ComponentProps) {
  const { tracking } = loaderData;
  return (
    <div>
      <div className="container-page max-w-3xl py-10 sm:py-16">
        <h1 className="mb-6 text-center text-3xl font-bold sm:text-4xl">Order Tracking</h1>
        {tracking ? (
          <TrackingDetails tracking={tracking} />
        ) : (
          <div className="rounded-xl border border-stone-200 bg-white p-8 text-center">
            <p role="alert" className="mb-6 text-lg text-stone-800">
              {notFoundMessage}
            </p>
            <div className="flex flex-wrap justify-center gap-3">
              <Link to="/contact" className="btn-primary">
                Contact Support
              </Link>
              <a href={business.phoneHref} className="btn-outline">
                Call {business.phone}
              </a>
            </div>
          </div>
        )}
      </div>
    </div>
  );
}

function TrackingDetails({ tracking }: { tracking: TrackingResult }) {
  const status = tracking.status.toLowerCase();
  const carrierUrl =
    tracking.tracking_url ??
    carrierTrackingUrl(tracking.shipping_carrier, tracking.tracking_number);
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
            <p className="mt-1 text-sm text-stone-600">Placed {formatDate(tracking.created_at)}</p>
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

      <section
        aria-labelledby="shipment-heading"
        className="rounded-xl border border-stone-200 bg-white p-6 sm:p-8"
      >
        <h2 id="shipment-heading" className="mb-4 text-xl font-semibold">
          Shipment
        </h2>
        {tracking.shipping_carrier || tracking.tracking_number ? (
          <>
            <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-3">
              <div>
                <dt className="text-sm text-stone-600">Carrier</dt>
                <dd className="font-semibold">{tracking.shipping_carrier ?? "—"}</dd>
              </div>
              <div>
                <dt className="text-sm text-stone-600">Tracking number</dt>
                <dd className="font-mono font-semibold break-all">
                  {tracking.tracking_number ?? "—"}
                </dd>
              </div>
              <div>
                <dt className="text-sm text-stone-600">Shipped</dt>
                <dd className="font-semibold">{formatDate(tracking.shipped_at) ?? "—"}</dd>
              </div>
            </dl>
            {carrierUrl ? (
              <a
                href={carrierUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="btn-dark mt-6"
              >
                Track with {tracking.shipping_carrier ?? "the carrier"}
              </a>
            ) : null}
          </>
        ) : (
          <p className="text-stone-700">
            {isCancelledStatus(status)
              ? "This order was cancelled and will not ship."
              : "Carrier and tracking number will appear here as soon as your order ships."}
          </p>
        )}
      </section>

      <p className="text-center text-sm text-stone-600">
        Questions about your order? Call{" "}
        <a href={business.phoneHref} className="font-semibold text-oak-700 hover:underline">
          {business.phone}
        </a>{" "}
        ({business.hours[0].days} {business.hours[0].time}).
      </p>
    </div>
  );
}
