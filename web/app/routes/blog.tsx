import type { AreaCatalogue, BlogPostList } from "@mcf/contracts/content";
import { serviceCity } from "@mcf/contracts/service-areas";
import { Link } from "react-router";
import { Term } from "../components/summary-row.tsx";
import { AreaCard } from "../features/content/area-card.tsx";
import { PageHero } from "../features/content/page-hero.tsx";
import { PostCard } from "../features/content/post-card.tsx";
import { api } from "../lib/api.ts";
import { pageTitles } from "../lib/page-titles.ts";
import { pageMeta } from "../lib/seo.ts";
import { useStoreDetails } from "../lib/store-details.ts";
import type { Route } from "./+types/blog";

/** The blog index shows this many Birmingham areas. */
const featuredAreaCount = 8;

/** The store's marketing claims, as the store states them (the guides cover 23 communities). */
function trustStats() {
  return [
    { value: "5,000+", label: "Completed projects" },
    { value: "20+", label: "Service areas" },
    { value: "98%", label: "Customer satisfaction" },
  ];
}

export async function loader({ context }: Route.LoaderArgs) {
  const [{ posts }, catalogue] = await Promise.all([
    api<BlogPostList>("/api/content/posts", { fetch: context.apiFetch }),
    api<AreaCatalogue>(`/api/content/areas/${serviceCity.slug}`, { fetch: context.apiFetch }),
  ]);
  const allAreas = catalogue.categories.flatMap((c) => c.areas);
  return { posts, areas: allAreas.slice(0, featuredAreaCount) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    pageTitles.blog,
    "Flooring advice from Birmingham installers: choosing floors for Alabama humidity, measuring rooms, tile, carpet, closeouts and guides to every Birmingham-area neighborhood.",
  );

export default function Blog({ loaderData }: Route.ComponentProps) {
  const store = useStoreDetails();
  const { posts, areas } = loaderData;
  return (
    <>
      <PageHero eyebrow={`${store.business_name} blog`} title="Flooring Tips & Local Guides">
        <p>
          Straight answers from the people who measure, sell and install floors across Birmingham
          every week.
        </p>
      </PageHero>

      <section className="border-b border-stone-200 bg-cream" aria-label="Why homeowners trust us">
        <div className="container-page grid gap-8 py-10 lg:grid-cols-2 lg:items-center">
          <dl className="grid grid-cols-3 gap-4 text-center">
            {trustStats().map((stat) => (
              <div key={stat.label} className="flex flex-col rounded-xl bg-white p-4 shadow-sm">
                <Term className="text-xs font-medium tracking-wide text-stone-600 uppercase sm:text-sm">
                  {stat.label}
                </Term>
                <dd className="order-first font-display text-2xl font-bold text-oak-700 sm:text-4xl">
                  {stat.value}
                </dd>
              </div>
            ))}
          </dl>
          <div>
            <p className="mb-4 text-stone-700">
              Ready to pick a floor? Browse our{" "}
              <Link to="/products" className="font-semibold text-oak-700 underline">
                flooring products
              </Link>{" "}
              with prices by the box, or let our crews handle it with professional{" "}
              <Link to="/installation" className="font-semibold text-oak-700 underline">
                installation services
              </Link>
              .
            </p>
            <div className="flex flex-wrap gap-3">
              <Link to="/products" className="btn-primary">
                Explore Our Products
              </Link>
              <Link to="/installation" className="btn-outline">
                Installation Services
              </Link>
            </div>
          </div>
        </div>
      </section>

      <section className="container-page py-12" aria-labelledby="latest-heading">
        <h2 id="latest-heading" className="mb-8 text-3xl font-bold">
          Latest posts
        </h2>
        {posts.length === 0 ? (
          <p className="rounded-xl bg-stone-50 p-8 text-center text-stone-700">
            No blog posts available yet. Check back soon!
          </p>
        ) : (
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {posts.map((post) => (
              <PostCard key={post.slug} post={post} />
            ))}
          </div>
        )}
      </section>

      <section className="bg-navy-50 py-12" aria-labelledby="areas-heading">
        <div className="container-page">
          <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
            <div>
              <h2 id="areas-heading" className="mb-2 text-3xl font-bold">
                Flooring across the Birmingham area
              </h2>
              <p className="text-stone-700">
                Local guides to the homes, floors and installation needs of each community we serve.
              </p>
            </div>
            <Link
              to={`/blog/areas/${serviceCity.slug}`}
              className="font-semibold text-oak-700 hover:underline"
            >
              View All
            </Link>
          </div>
          <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4">
            {areas.map((area) => (
              <li key={area.slug}>
                <AreaCard area={area} citySlug={serviceCity.slug} />
              </li>
            ))}
          </ul>
          <div className="mt-8 text-center">
            <Link to={`/blog/areas/${serviceCity.slug}`} className="btn-dark px-6 py-3">
              Explore All Birmingham Areas
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
