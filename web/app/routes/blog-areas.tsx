import type { AreaCatalogue } from "@mcf/contracts/content";
import { serviceCity } from "@mcf/contracts/service-areas";
import { Link } from "react-router";
import { PageHero } from "../features/content/page-hero.tsx";
import { api } from "../lib/api.ts";
import { pageTitles } from "../lib/page-titles.ts";
import { pageMeta } from "../lib/seo.ts";
import type { Route } from "./+types/blog-areas";

export async function loader({ context }: Route.LoaderArgs) {
  return api<AreaCatalogue>(`/api/content/areas/${serviceCity.slug}`, {
    fetch: context.apiFetch,
  });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    pageTitles.areas,
    (store) =>
      `Where ${store.business_name} sells and installs: flooring guides for Birmingham, Alabama and the communities around it.`,
  );

export default function BlogAreas({ loaderData }: Route.ComponentProps) {
  const { city, categories } = loaderData;
  const areaCount = categories.reduce((sum, c) => sum + c.areas.length, 0);
  return (
    <>
      <PageHero eyebrow="Service areas" title="Flooring Guides by Area">
        <p>
          Every part of town has its own houses, soils and habits. Our area guides explain what we
          install where, and why.
        </p>
      </PageHero>
      <section className="container-page py-12">
        <div className="grid gap-8 rounded-2xl bg-cream p-6 ring-1 ring-oak-100 sm:p-10 lg:grid-cols-3">
          <div className="lg:col-span-2">
            <h2 className="mb-3 text-3xl font-bold">{city.name}, Alabama</h2>
            <p className="mb-6 text-stone-700">
              Our showroom is in {city.name} and our installation crews cover {areaCount}{" "}
              communities across the metro, from downtown lofts to lake houses on Logan Martin.
            </p>
            <Link to={`/blog/areas/${city.slug}`} className="btn-dark px-6 py-3">
              See all {city.name} area guides
            </Link>
          </div>
          <ul className="space-y-3 text-sm">
            {categories.map((category) => (
              <li key={category.name} className="rounded-lg bg-white p-4 shadow-sm">
                <span className="block font-semibold text-navy-800">{category.name}</span>
                <span className="text-stone-600">
                  {category.areas.map((area) => area.name).join(", ")}
                </span>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section className="container-page pb-4" aria-labelledby="all-areas-heading">
        <h2 id="all-areas-heading" className="mb-4 text-2xl font-bold">
          Jump to an area
        </h2>
        <ul className="flex flex-wrap gap-2">
          {categories.flatMap((category) =>
            category.areas.map((area) => (
              <li key={area.slug}>
                <Link
                  to={`/blog/areas/${city.slug}/${area.slug}`}
                  className="inline-block rounded-full bg-navy-50 px-4 py-2 text-sm font-medium text-navy-800 hover:bg-oak-100"
                >
                  {area.name}
                </Link>
              </li>
            )),
          )}
        </ul>
      </section>
    </>
  );
}
