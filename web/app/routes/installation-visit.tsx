import type { BookedVisit, BookingCreated } from "@mcf/contracts/booking";
import { storeTimeZone } from "@mcf/contracts/business";
import { useState } from "react";
import { data } from "react-router";
import { PageHero } from "../features/content/page-hero.tsx";
import {
  BookingConfirmation,
  SlotPicker,
  zipOfAddress,
} from "../features/installs/measure-booking.tsx";
import { ApiError, api, serverDetail } from "../lib/api.ts";
import { visitWhen } from "../lib/install-visits.ts";
import { pageTitles } from "../lib/page-titles.ts";
import { pageMeta } from "../lib/seo.ts";
import { useStoreDetails } from "../lib/store-details.ts";
import type { Route } from "./+types/installation-visit";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, pageTitles.measureVisit, "Move or cancel your measure visit."),
  { name: "robots", content: "noindex" },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  try {
    const visit = await api<BookedVisit>(
      `/api/installation/visits/${encodeURIComponent(params.ref)}`,
      { fetch: context.apiFetch },
    );
    return { visit, ref: params.ref, error: null };
  } catch (error) {
    if (error instanceof ApiError && error.status < 500)
      return data(
        { visit: null, ref: params.ref, error: error.detail ?? "This link is not valid." },
        { status: error.status },
      );
    throw error;
  }
}

const changeUntil = new Intl.DateTimeFormat("en-US", {
  timeZone: storeTimeZone,
  weekday: "long",
  month: "long",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
});

/** /installation/visit/{signed ref}: the measure visit, moved or cancelled until the cut-off. */
export default function InstallationVisit({ loaderData }: Route.ComponentProps) {
  const store = useStoreDetails();
  const [visit, setVisit] = useState(loaderData.visit);
  const [moving, setMoving] = useState(false);
  const [moved, setMoved] = useState<BookingCreated | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function cancel() {
    if (!window.confirm("Cancel your measure visit?")) return;
    setBusy(true);
    setError(null);
    try {
      setVisit(
        await api<BookedVisit>(
          `/api/installation/visits/${encodeURIComponent(loaderData.ref)}/cancel`,
          { method: "POST" },
        ),
      );
    } catch (caught) {
      setError(serverDetail(caught) ?? "Something went wrong. Please call us.");
    } finally {
      setBusy(false);
    }
  }

  const zip = visit ? zipOfAddress(visit.address) : null;
  return (
    <>
      <PageHero eyebrow="Free measure visit" title="Your measure visit" />
      <section className="container-page max-w-3xl space-y-6 py-10">
        {!visit ? (
          <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-800">
            {loaderData.error}
          </p>
        ) : moved ? (
          <BookingConfirmation booking={moved} />
        ) : (
          <>
            <div
              className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-stone-200"
              data-testid="visit"
            >
              {visit.cancelled ? (
                <p className="text-lg font-semibold">
                  This visit is cancelled.{" "}
                  <a href="/installation/book" className="text-oak-700 underline">
                    Book another time
                  </a>
                </p>
              ) : (
                <>
                  <p className="text-lg font-semibold">{visitWhen(visit.start, visit.end)}</p>
                  <p className="text-stone-700">
                    {visit.crew_name} at {visit.address}
                  </p>
                  <p className="mt-2 text-sm text-stone-600">
                    {visit.can_change
                      ? `You can move or cancel it here until ${changeUntil.format(new Date(visit.change_until))}.`
                      : `It can no longer be changed online: call us at ${store.phone}.`}
                  </p>
                </>
              )}
            </div>
            {error && (
              <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-800">
                {error}
              </p>
            )}
            {visit.can_change && !moving && (
              <div className="flex flex-wrap gap-3">
                <button
                  type="button"
                  className="btn-primary px-5 py-2"
                  onClick={() => setMoving(true)}
                >
                  Move the visit
                </button>
                <button
                  type="button"
                  className="btn-outline px-5 py-2"
                  disabled={busy}
                  onClick={cancel}
                >
                  Cancel the visit
                </button>
              </div>
            )}
            {visit.can_change && moving && zip && (
              <SlotPicker
                zip={zip}
                target={{ kind: "reschedule", ref: loaderData.ref }}
                onBooked={setMoved}
                actionLabel="Move to"
              />
            )}
          </>
        )}
      </section>
    </>
  );
}
