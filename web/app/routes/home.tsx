import { Link } from "react-router";
import { FeatureCard } from "../components/feature-card.tsx";
import { FloorImage } from "../components/floor-image.tsx";
import { pageTitles } from "../lib/page-titles.ts";
import { pageMeta } from "../lib/seo.ts";
import { useStoreDetails } from "../lib/store-details.ts";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    pageTitles.home,
    (store) =>
      `${store.business_name} sells hardwood, laminate, vinyl, tile and carpet by the box at honest prices, ships nationwide, and installs across the Birmingham, Alabama area.`,
  );

const installPaths = [
  {
    title: "Install it yourself",
    text: "Order by the box, get coverage math on every product, and have it shipped to your door on pallets.",
    to: "/products",
    cta: "Shop flooring",
  },
  {
    title: "I have someone",
    text: "Already have an installer? Buy the materials at our prices and we deliver to the job site on your schedule.",
    to: "/products",
    cta: "Buy materials",
  },
  {
    title: "I need someone",
    text: "Our Birmingham crews measure, prepare the subfloor and install, usually in 1-3 days.",
    to: "/installation",
    cta: "Request a quote",
  },
];

const features = [
  {
    title: "Priced by the box",
    text: "Per-square-foot and per-box prices on every product, with no hidden markups.",
  },
  {
    title: "Local installation",
    text: "Licensed crews who work across 23 Birmingham-area communities.",
  },
  {
    title: "Nationwide shipping",
    text: "Palletized freight calculated at checkout, straight from our warehouse.",
  },
];

const typeCards = [
  { type: "hardwood", label: "Hardwood", image: "/img/products/mcf-hw-1003-thumb.webp" },
  { type: "laminate", label: "Laminate", image: "/img/products/mcf-lm-2002-thumb.webp" },
  { type: "vinyl", label: "Vinyl", image: "/img/products/mcf-vp-3002-thumb.webp" },
  { type: "tile", label: "Tile", image: "/img/products/mcf-tl-4001-thumb.webp" },
  { type: "carpet", label: "Carpet", image: "/img/products/mcf-cp-5001-thumb.webp" },
];

const testimonials = [
  {
    quote:
      "They measured our Homewood bungalow on a Tuesday and the white oak was down by Friday. The crew protected every doorway and cleaned up better than they found it.",
    name: "Caroline W.",
    place: "Homewood",
  },
  {
    quote:
      "I installed the LVP myself. The box math on the website was exactly right, and the pallet arrived when they said it would.",
    name: "Marcus T.",
    place: "Hoover",
  },
  {
    quote:
      "We buy tile for our rental units here. Straight answers, fair prices, and they tell you when a closeout is the smarter buy.",
    name: "Denise R.",
    place: "Bessemer",
  },
];

export default function Home() {
  const store = useStoreDetails();
  return (
    <>
      <section className="relative overflow-hidden bg-navy-800 text-white">
        <img
          src="/img/gallery/hardwood-living-room-hero.webp"
          alt=""
          width={1200}
          height={800}
          fetchPriority="high"
          className="absolute inset-0 h-full w-full object-cover opacity-40"
        />
        <div
          aria-hidden="true"
          className="absolute inset-0 bg-gradient-to-r from-navy-900 via-navy-900/85 to-navy-900/40"
        />
        <div className="container-page relative grid gap-10 py-16 sm:py-24 lg:grid-cols-5">
          <div className="lg:col-span-3">
            <p className="mb-3 text-sm font-semibold tracking-widest text-oak-100 uppercase">
              Birmingham, Alabama
            </p>
            <h1 className="mb-5 text-4xl leading-tight font-bold text-white sm:text-5xl">
              Beautiful floors, fair prices, installed right.
            </h1>
            <p className="mb-8 max-w-2xl text-lg text-navy-50">
              Hardwood, laminate, vinyl, tile and carpet sold by the box and shipped nationwide,
              with local installation crews across the Birmingham area.
            </p>
            <div className="flex flex-wrap gap-3">
              <Link to="/products" className="btn-primary px-6 py-3 text-base">
                Shop all flooring
              </Link>
              <Link
                to="/contact"
                className="btn border border-white/70 px-6 py-3 text-base text-white hover:bg-white/10"
              >
                Get in touch
              </Link>
            </div>
          </div>
          <div className="rounded-xl bg-white/10 p-6 ring-1 ring-white/20 lg:col-span-2">
            <h2 className="mb-4 font-sans text-lg font-semibold text-white">Visit or call us</h2>
            <p className="mb-3">
              <a href={store.phone_href} className="text-2xl font-bold text-white hover:underline">
                {store.phone}
              </a>
            </p>
            <p className="mb-4 text-navy-50">
              {store.address.street}
              <br />
              {store.address.city}, {store.address.state} {store.address.zip}
            </p>
            <ul className="space-y-1 text-sm text-navy-50">
              {store.hours.map((h) => (
                <li key={h.days}>
                  <span className="font-semibold text-white">{h.days}:</span> {h.time}
                </li>
              ))}
            </ul>
          </div>
        </div>
      </section>

      <section className="container-page py-14" aria-labelledby="paths-heading">
        <h2 id="paths-heading" className="mb-2 text-center text-3xl font-bold">
          How do you want to get it done?
        </h2>
        <p className="mx-auto mb-10 max-w-2xl text-center text-stone-600">
          Pick the path that fits your project. Every one starts with the same prices.
        </p>
        <div className="grid gap-6 md:grid-cols-3">
          {installPaths.map((path, i) => (
            <article
              key={path.title}
              className="flex flex-col rounded-xl border border-stone-200 bg-cream/60 p-6 shadow-sm"
            >
              <span className="mb-4 flex h-10 w-10 items-center justify-center rounded-full bg-oak-600 font-bold text-white">
                {i + 1}
              </span>
              <h3 className="mb-2 text-xl font-bold">{path.title}</h3>
              <p className="mb-6 flex-1 text-stone-700">{path.text}</p>
              <Link to={path.to} className="font-semibold text-oak-700 hover:underline">
                {path.cta} →
              </Link>
            </article>
          ))}
        </div>
      </section>

      <section className="bg-cream py-14" aria-labelledby="types-heading">
        <div className="container-page">
          <h2 id="types-heading" className="mb-8 text-3xl font-bold">
            Shop by flooring type
          </h2>
          <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
            {typeCards.map((card) => (
              <li key={card.type}>
                <Link
                  to={`/products?type=${card.type}`}
                  className="group block overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-stone-200 hover:ring-oak-500"
                >
                  <FloorImage
                    src={card.image}
                    alt=""
                    width={400}
                    height={400}
                    className="block h-28 w-full object-cover"
                    fallbackSrc="/img/default-flooring-thumb.webp"
                  />
                  <span className="block px-4 py-3 font-semibold text-navy-800 group-hover:text-oak-700">
                    {card.label}
                  </span>
                </Link>
              </li>
            ))}
            <li>
              <Link
                to="/closeouts"
                className="group relative block overflow-hidden rounded-xl bg-white shadow-sm ring-2 ring-brick-600"
              >
                <span
                  aria-hidden="true"
                  className="block h-28 bg-brick-600"
                  style={{
                    background:
                      "repeating-linear-gradient(135deg,#9c4a3a 0 18px,#8a3f31 18px 36px)",
                  }}
                />
                <span className="absolute top-2 right-2 rounded bg-white px-2 py-0.5 text-xs font-bold tracking-wider text-brick-600">
                  SPECIAL
                </span>
                <span className="block px-4 py-3 font-semibold text-brick-600">Closeout Deals</span>
              </Link>
            </li>
          </ul>
        </div>
      </section>

      <section className="container-page py-14" aria-labelledby="why-heading">
        <h2 id="why-heading" className="mb-8 text-center text-3xl font-bold">
          Why Birmingham buys floors from us
        </h2>
        <div className="grid gap-6 md:grid-cols-3">
          {features.map((feature) => (
            <FeatureCard key={feature.title} {...feature} />
          ))}
        </div>
      </section>

      <section className="bg-navy-50 py-14" aria-labelledby="reviews-heading">
        <div className="container-page">
          <h2 id="reviews-heading" className="mb-8 text-3xl font-bold">
            What our customers say
          </h2>
          <div className="grid gap-6 md:grid-cols-3">
            {testimonials.map((t) => (
              <figure key={t.name} className="rounded-xl bg-white p-6 shadow-sm">
                <blockquote className="mb-4 text-stone-800">“{t.quote}”</blockquote>
                <figcaption className="text-sm font-semibold text-navy-800">
                  {t.name} <span className="font-normal text-stone-600">· {t.place}</span>
                </figcaption>
              </figure>
            ))}
          </div>
        </div>
      </section>

      <section className="container-page py-14">
        <div className="grid items-center gap-8 rounded-2xl bg-oak-50 p-8 ring-1 ring-oak-100 md:grid-cols-3">
          <div className="md:col-span-2">
            <h2 className="mb-3 text-2xl font-bold">A local shop you can hold to its word</h2>
            <p className="text-stone-700">
              We are a Birmingham flooring retailer and installer. Every price is shown up front,
              every installation is done by our own trained crews, and if something isn't right we
              come back and fix it. Questions before you buy? Call us or stop by the showroom.
            </p>
          </div>
          <div className="flex flex-col gap-3">
            <Link to="/contact" className="btn-dark">
              Get in touch
            </Link>
            <Link to="/installation" className="btn-outline">
              Installation services
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
