import { business, productTypes } from "@mcf/contracts/business";
import type { AreaGuide } from "@mcf/contracts/content";
import { Link } from "react-router";
import { Breadcrumbs } from "../components/breadcrumbs.tsx";
import { FloorImage } from "../components/floor-image.tsx";
import { loadOrRedirectToBlog } from "../features/content/content-api.server.ts";
import { RichText } from "../features/content/rich-text.tsx";
import { ZipCheck } from "../features/installs/zip-check.tsx";
import { pageMeta } from "../lib/seo.ts";
import { useStoreDetails } from "../lib/store-details.ts";
import type { Route } from "./+types/blog-area-guide";

export async function loader({ params, context }: Route.LoaderArgs) {
  return loadOrRedirectToBlog<AreaGuide>(
    `/api/content/areas/${encodeURIComponent(params.city)}/${encodeURIComponent(params.slug)}`,
    context.apiFetch,
  );
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? pageMeta(matches, loaderData.title, loaderData.description)
    : pageMeta(matches, null);

export default function BlogAreaGuide({ loaderData: guide }: Route.ComponentProps) {
  const store = useStoreDetails();
  return (
    <article>
      <header className="bg-cream">
        <div className="container-page grid max-w-6xl gap-8 py-10 lg:grid-cols-2 lg:items-center">
          <div>
            <Breadcrumbs
              className="mb-4"
              trail={[
                { label: "Areas", to: "/blog/areas" },
                { label: guide.city.name, to: `/blog/areas/${guide.city.slug}` },
                { label: guide.name },
              ]}
            />
            <p className="mb-2 text-sm font-semibold tracking-widest text-oak-700 uppercase">
              {guide.category}
            </p>
            <h1 className="mb-4 text-3xl leading-tight font-bold sm:text-5xl">{guide.title}</h1>
            <p className="text-lg text-stone-700">{guide.description}</p>
          </div>
          <FloorImage
            src={guide.imageUrl}
            alt={guide.imageAlt}
            width={1200}
            height={675}
            loading="eager"
            fetchPriority="high"
            className="aspect-video w-full rounded-xl object-cover shadow-sm"
          />
        </div>
      </header>
      <div className="container-page grid max-w-6xl gap-10 py-10 lg:grid-cols-3">
        <RichText html={guide.html} className="text-lg lg:col-span-2" />
        <aside className="space-y-6 lg:sticky lg:top-24 lg:self-start">
          <div className="rounded-xl bg-navy-800 p-6 text-white">
            <h2 className="mb-2 text-xl font-bold text-white">Free estimate in {guide.name}</h2>
            <p className="mb-4 text-sm text-navy-50">
              Tell us about your rooms and we will be in touch within {business.inquiryReplyWindow}.
            </p>
            <Link to="/installation" className="btn-primary w-full">
              Request a quote
            </Link>
            <p className="mt-4 text-sm text-navy-50">
              Or call{" "}
              <a href={store.phone_href} className="font-semibold text-white underline">
                {store.phone}
              </a>
            </p>
          </div>
          <div className="rounded-xl p-6 ring-1 ring-stone-200">
            <h2 className="mb-3 text-lg font-bold">Book a measure visit</h2>
            <p className="mb-3 text-sm text-stone-700">
              Check that our crews serve your street, then pick a free time.
            </p>
            <ZipCheck />
            <p className="mt-4 text-sm">
              <Link to="/showroom" className="font-semibold text-oak-700 hover:underline">
                Or visit our showroom
              </Link>
            </p>
          </div>
          <div className="rounded-xl p-6 ring-1 ring-stone-200">
            <h2 className="mb-3 text-lg font-bold">Shop by type</h2>
            <ul className="space-y-2 text-sm">
              {productTypes.map((type) => (
                <li key={type}>
                  <Link
                    to={`/products?type=${type}`}
                    className="text-oak-700 capitalize hover:underline"
                  >
                    {type} flooring
                  </Link>
                </li>
              ))}
            </ul>
          </div>
          <Link
            to={`/blog/areas/${guide.city.slug}`}
            className="block font-semibold text-oak-700 hover:underline"
          >
            ← All {guide.city.name} areas
          </Link>
        </aside>
      </div>
    </article>
  );
}
