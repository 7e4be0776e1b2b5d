import { business } from "@mcf/contracts/business";
import { serviceAreas } from "@mcf/contracts/service-areas";
import { Link } from "react-router";
import { Term } from "../components/summary-row.tsx";
import { PageHero } from "../features/content/page-hero.tsx";
import { pageTitles } from "../lib/page-titles.ts";
import { pageMeta } from "../lib/seo.ts";
import { useStoreDetails } from "../lib/store-details.ts";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    pageTitles.about,
    (store) =>
      `The story of ${store.business_name}: a Birmingham flooring retailer and installer selling by the box at honest prices.`,
  );

const values = [
  {
    title: "Prices you can see",
    text: "Every product shows its price per square foot and per box. Partners, contractors and homeowners all know what they are paying before they call us.",
  },
  {
    title: "Advice before sales",
    text: "We will tell you when laminate beats hardwood for your house, when a closeout is the smart buy, and when your subfloor needs work first.",
  },
  {
    title: "Work we stand behind",
    text: "Our installers are our own crews. If something isn't right after the job, we come back and fix it.",
  },
];

export default function About() {
  const store = useStoreDetails();
  return (
    <>
      <PageHero eyebrow="About us" title="Birmingham's Neighborhood Flooring Store">
        <p>{business.tagline}</p>
      </PageHero>

      <section className="container-page grid gap-10 py-12 lg:grid-cols-5">
        <div className="prose-content text-lg lg:col-span-3">
          <h2>Our story</h2>
          <p>
            {store.business_name} started the way a lot of Birmingham businesses do: with a truck, a
            set of tools and a crew who cared about doing the job right. We spent our first years
            installing floors for other stores, and kept seeing the same problems: prices nobody
            could explain, the wrong product for the house, and subfloors covered up instead of
            fixed.
          </p>
          <p>
            So we opened our own showroom on Crestwood Boulevard. We sell hardwood, laminate, luxury
            vinyl, tile and carpet by the box, with the coverage math on every product, and we
            install it ourselves across the metro, from Bessemer to Pell City.
          </p>
          <p>
            Today we ship flooring nationwide, supply local contractors and hardware-store partners
            through our ACE partner portal, and still send our own crews to homes and businesses in{" "}
            {serviceAreas.length} Birmingham-area communities. Most installations take{" "}
            {business.installationDays}, and every one ends with a walkthrough with the customer.
          </p>
          <h2>What we believe</h2>
          <p>
            A floor is something you live on for twenty years. It should suit your house, your
            budget and your life, and it should be installed so that you never think about it again.
          </p>
        </div>
        <aside className="space-y-4 lg:col-span-2">
          <div className="rounded-2xl bg-cream p-6 ring-1 ring-oak-100">
            <dl className="grid grid-cols-2 gap-4 text-center">
              <div className="flex flex-col-reverse">
                <Term className="text-sm text-stone-600">Completed projects</Term>
                <dd className="font-display text-3xl font-bold text-oak-700">5,000+</dd>
              </div>
              <div className="flex flex-col-reverse">
                <Term className="text-sm text-stone-600">Customer satisfaction</Term>
                <dd className="font-display text-3xl font-bold text-oak-700">98%</dd>
              </div>
              <div className="flex flex-col-reverse">
                <Term className="text-sm text-stone-600">Communities served</Term>
                <dd className="font-display text-3xl font-bold text-oak-700">
                  {serviceAreas.length}
                </dd>
              </div>
              <div className="flex flex-col-reverse">
                <Term className="text-sm text-stone-600">Days per typical install</Term>
                <dd className="font-display text-3xl font-bold text-oak-700">1-3</dd>
              </div>
            </dl>
          </div>
          <div className="rounded-2xl bg-navy-800 p-6 text-white">
            <h2 className="mb-2 text-xl font-bold text-white">Visit the showroom</h2>
            <p className="mb-3 text-navy-50">
              {store.address.street}, {store.address.city}, {store.address.state}{" "}
              {store.address.zip}
            </p>
            <ul className="mb-4 space-y-1 text-sm text-navy-50">
              {store.hours.map((h) => (
                <li key={h.days}>
                  <span className="font-semibold text-white">{h.days}:</span> {h.time}
                </li>
              ))}
            </ul>
            <a href={store.phone_href} className="font-semibold text-white underline">
              {store.phone}
            </a>
          </div>
        </aside>
      </section>

      <section className="bg-navy-50 py-12" aria-labelledby="values-heading">
        <div className="container-page">
          <h2 id="values-heading" className="mb-8 text-3xl font-bold">
            How we work
          </h2>
          <div className="grid gap-6 md:grid-cols-3">
            {values.map((value) => (
              <div key={value.title} className="rounded-xl bg-white p-6 shadow-sm">
                <h3 className="mb-2 text-lg font-bold">{value.title}</h3>
                <p className="text-stone-700">{value.text}</p>
              </div>
            ))}
          </div>
        </div>
      </section>

      <section className="container-page py-12 text-center">
        <h2 className="mb-3 text-3xl font-bold">Ready to start?</h2>
        <p className="mb-6 text-stone-700">Browse our floors or tell us about your project.</p>
        <div className="flex flex-wrap justify-center gap-3">
          <Link to="/products" className="btn-primary px-6 py-3">
            Shop flooring
          </Link>
          <Link to="/installation" className="btn-outline px-6 py-3">
            Installation services
          </Link>
          <Link to="/contact" className="btn-outline px-6 py-3">
            Contact us
          </Link>
        </div>
      </section>
    </>
  );
}
