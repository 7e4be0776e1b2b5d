import type { AreaCatalogue } from "@mcf/contracts/content";
import { Link } from "react-router";
import { AreaCard } from "../features/content/area-card.tsx";
import { loadOrRedirectToBlog } from "../features/content/content-api.server.ts";
import { PageHero } from "../features/content/page-hero.tsx";
import { pageTitles } from "../lib/page-titles.ts";
import { pageMeta } from "../lib/seo.ts";
import type { Route } from "./+types/blog-area-city";

export async function loader({ params, context }: Route.LoaderArgs) {
  return loadOrRedirectToBlog<AreaCatalogue>(
    `/api/content/areas/${encodeURIComponent(params.city)}`,
    context.apiFetch,
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    pageTitles.birminghamAreas,
    "Flooring guides for Downtown Birmingham, Homewood, Mountain Brook, Vestavia Hills, Hoover, Bessemer, Trussville, Pell City and every community we serve.",
  );

export default function BlogAreaCity({ loaderData }: Route.ComponentProps) {
  const { city, categories } = loaderData;
  return (
    <>
      <PageHero eyebrow="Area guides" title={`${city.name} Area Flooring Guides`}>
        <p>
          Pick your community to see the homes we work on there, the floors that suit them, and the
          services our crews offer.
        </p>
      </PageHero>
      <div className="container-page py-12">
        {categories.map((category) => {
          const headingId = `category-${category.name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
          return (
            <section key={category.name} className="mb-12" aria-labelledby={headingId}>
              <h2 id={headingId} className="mb-6 border-b border-stone-200 pb-2 text-2xl font-bold">
                {category.name}
              </h2>
              <ul className="grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-4">
                {category.areas.map((area) => (
                  <li key={area.slug}>
                    <AreaCard area={area} citySlug={city.slug} />
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
        <div className="rounded-2xl bg-oak-50 p-8 text-center ring-1 ring-oak-100">
          <h2 className="mb-2 text-2xl font-bold">Don't see your town?</h2>
          <p className="mb-5 text-stone-700">
            We ship nationwide and often install beyond these areas. Ask us about your project.
          </p>
          <Link to="/contact" className="btn-primary px-6 py-3">
            Contact Us
          </Link>
        </div>
      </div>
    </>
  );
}
