import type { Partner } from "@mcf/contracts/content";
import { Link } from "react-router";
import { PageHero } from "../features/content/page-hero.tsx";
import { PartnerLogo } from "../features/content/partner-logo.tsx";
import { api } from "../lib/api.ts";
import { pageTitles } from "../lib/page-titles.ts";
import { pageMeta } from "../lib/seo.ts";
import type { Route } from "./+types/partners";

export async function loader({ context }: Route.LoaderArgs) {
  return api<{ partners: Partner[] }>("/api/content/partners", { fetch: context.apiFetch });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    pageTitles.partners,
    (store) =>
      `The mills, manufacturers and local trade partners behind the floors ${store.business_name} sells and installs.`,
  );

export default function Partners({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHero eyebrow="Who we work with" title="Our Trusted Partners">
        <p>
          Good floors start with good suppliers. These are the mills, manufacturers and local
          organizations we rely on.
        </p>
      </PageHero>
      <section className="container-page py-12">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {loaderData.partners.map((partner) => (
            <li
              key={partner.slug}
              className="flex flex-col rounded-xl bg-white p-6 shadow-sm ring-1 ring-stone-200"
            >
              <PartnerLogo name={partner.name} src={partner.logo} />
              <p className="mt-4 mb-1 text-xs font-semibold tracking-widest text-oak-700 uppercase">
                {partner.category}
              </p>
              <h2 className="mb-2 text-xl font-bold">{partner.name}</h2>
              <p className="mb-4 flex-1 text-stone-700">{partner.description}</p>
              <a
                href={partner.url}
                target="_blank"
                rel="noopener noreferrer"
                className="font-semibold text-oak-700 hover:underline"
                aria-label={`Visit Site: ${partner.name} (opens in a new tab)`}
              >
                Visit Site ↗
              </a>
            </li>
          ))}
        </ul>
        <div className="mt-12 rounded-2xl bg-navy-800 p-8 text-center text-white">
          <h2 className="mb-2 text-2xl font-bold text-white">Interested in partnering with us?</h2>
          <p className="mb-5 text-navy-50">
            Manufacturers, distributors and installers: we would like to hear from you.
          </p>
          <Link to="/contact" className="btn-primary px-6 py-3">
            Contact Us About Partnership
          </Link>
        </div>
      </section>
    </>
  );
}
