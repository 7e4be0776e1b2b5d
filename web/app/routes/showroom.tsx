import { Link } from "react-router";
import { JsonLd } from "../components/json-ld.tsx";
import { PageHero } from "../features/content/page-hero.tsx";
import { pageTitles } from "../lib/page-titles.ts";
import { pageMeta } from "../lib/seo.ts";
import { openingHoursOf, useStoreDetails } from "../lib/store-details.ts";
import type { Route } from "./+types/showroom";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    pageTitles.showroom,
    (store) =>
      `See and touch every floor we sell at our showroom, ${store.formatted_address}. Opening hours, parking, what to bring, and free measure visits.`,
  );

const bring = [
  "Your room measurements (length and width of each room), or a rough floor plan",
  "Photos of the rooms, the current floor, and the doorways and stairs",
  "A cabinet door, paint chip or fabric you want the floor to go with",
  "Your budget and timeline: we will tell you what fits both",
];

/** /showroom: where the store is, when it is open, and how to come prepared. */
export default function Showroom() {
  const store = useStoreDetails();
  const mapUrl =
    store.map_url ??
    `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(store.formatted_address)}`;
  const localBusiness = {
    "@context": "https://schema.org",
    "@type": "LocalBusiness",
    name: `${store.business_name} showroom`,
    telephone: store.phone,
    email: store.email,
    address: {
      "@type": "PostalAddress",
      streetAddress: store.address.street,
      addressLocality: store.address.city,
      addressRegion: store.address.state,
      postalCode: store.address.zip,
      addressCountry: "US",
    },
    hasMap: mapUrl,
    openingHours: openingHoursOf(store.hours),
    priceRange: "$$",
  };
  return (
    <>
      <JsonLd data={localBusiness} />
      <PageHero eyebrow="Showroom" title="Visit our showroom">
        <p>
          Hundreds of floors to see, touch and take home as samples, and people who install them
          every week to answer your questions.
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to="/installation/book" className="btn-primary px-6 py-3 text-base">
            Book a measure
          </Link>
          <a
            href={mapUrl}
            className="btn border border-white/70 px-6 py-3 text-base text-white hover:bg-white/10"
          >
            Visit the showroom
          </a>
        </div>
      </PageHero>
      <section className="container-page grid gap-8 py-12 md:grid-cols-2">
        <div className="space-y-6">
          <div>
            <h2 className="mb-2 text-2xl font-bold">Address</h2>
            <address className="not-italic text-lg text-stone-800">
              {store.formatted_address}
            </address>
            <a href={mapUrl} className="mt-2 inline-block font-semibold text-oak-700 underline">
              Open in maps
            </a>
          </div>
          <div>
            <h2 className="mb-2 text-2xl font-bold">Opening hours</h2>
            <ul className="space-y-1 text-stone-800">
              {store.hours.map((line) => (
                <li key={line.days}>
                  <span className="font-semibold text-navy-800">{line.days}:</span> {line.time}
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h2 className="mb-2 text-2xl font-bold">Phone</h2>
            <a href={store.phone_href} className="text-lg font-semibold text-oak-700 underline">
              {store.phone}
            </a>
          </div>
        </div>
        <div className="space-y-6">
          <div>
            <h2 className="mb-2 text-2xl font-bold">What to bring</h2>
            <ul className="list-disc space-y-1 pl-5 text-stone-800">
              {bring.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
          <div>
            <h2 className="mb-2 text-2xl font-bold">Parking</h2>
            <p className="text-stone-800">
              Free parking right in front of the showroom, with room for a truck or trailer at the
              loading door when you pick up your boxes.
            </p>
          </div>
          <div className="rounded-xl bg-oak-50 p-5 ring-1 ring-oak-100">
            <h2 className="mb-2 text-xl font-bold">Rather we come to you?</h2>
            <p className="mb-3 text-stone-700">
              Book a free measure visit: a crew measures your rooms and checks the subfloor, and
              your written estimate follows.
            </p>
            <Link to="/installation/book" className="btn-dark">
              Book a measure
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
