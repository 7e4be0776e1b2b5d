import { business } from "@mcf/contracts/business";
import { data, Link, redirect } from "react-router";
import { FeatureCard } from "../components/feature-card.tsx";
import type { InquiryForm as InquiryFormView } from "../features/content/inquiry-form.tsx";
import { inquiryPayloadFromForm } from "../features/content/inquiry-payload.ts";
import { PageHero } from "../features/content/page-hero.tsx";
import type { ZipCheck as ZipCheckView } from "../features/installs/zip-check.tsx";
import { ApiError, api } from "../lib/api.ts";
import { deferredIsland } from "../lib/deferred-island.tsx";
import { pageTitles } from "../lib/page-titles.ts";
import { pageMeta } from "../lib/seo.ts";
import { useStoreDetails } from "../lib/store-details.ts";
import type { Route } from "./+types/installation";

/**
 * The ZIP check and the inquiry form render with the page; their code follows hydration
 * (decision 089), as they act only once the shopper types. The form posts to this route's
 * action, so it works before (and without) its code.
 */
const ZipCheck = deferredIsland<Parameters<typeof ZipCheckView>[0]>(() =>
  import("../features/installs/zip-check.tsx").then((m) => m.ZipCheck),
);
const InquiryForm = deferredIsland<Parameters<typeof InquiryFormView>[0]>(() =>
  import("../features/content/inquiry-form.tsx").then((m) => m.InquiryForm),
);

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    pageTitles.installation,
    `Professional flooring installation across the Birmingham, Alabama area: free consultation, subfloor preparation, installation usually in ${business.installationDays}, and a final walkthrough.`,
  );

export async function action({ request, context }: Route.ActionArgs) {
  const payload = inquiryPayloadFromForm(await request.formData());
  try {
    await api("/api/project-inquiries", {
      method: "POST",
      body: payload,
      fetch: context.apiFetch,
    });
  } catch (error) {
    const detail = error instanceof ApiError ? error.message : "The request could not be sent.";
    const status = error instanceof ApiError && error.status >= 400 ? error.status : 502;
    return data({ error: { detail } }, { status });
  }
  return redirect("/inquiry-success");
}

const features = [
  {
    title: "Our own trained crews",
    text: "Installers who work for us, not day labor, with years on hardwood, LVP, tile and carpet.",
  },
  {
    title: "Subfloor done right",
    text: "We test moisture, level and fasten before a single plank goes down: that is what makes a floor last.",
  },
  {
    title: "Clear, written quotes",
    text: "Materials, prep, installation and trim listed line by line. No surprises on the last day.",
  },
  {
    title: "Clean, respectful job sites",
    text: "Doorways and furniture protected, dust contained, and everything swept up at the end of each day.",
  },
];

const steps = [
  {
    title: "Consultation",
    text: "We visit, measure every room, check the subfloor and talk through the floors that suit how you live.",
  },
  {
    title: "Preparation",
    text: "Old flooring out, subfloor repaired and leveled, moisture barriers down, and materials acclimated.",
  },
  {
    title: "Installation",
    text: `Our crew installs your floor, transitions and trim, usually in ${business.installationDays}.`,
  },
  {
    title: "Final inspection",
    text: "We walk every room with you, fix anything that isn't right, and leave care instructions.",
  },
];

const faqs = [
  {
    q: "How long does installation take?",
    a: `Installation usually takes ${business.installationDays} for a typical home. Large projects, tile with long cure times, or subfloor repairs can add time; your written quote gives the schedule.`,
  },
  {
    q: "Do you move furniture and remove old flooring?",
    a: "Yes. We can move standard furniture and tear out and haul away carpet, vinyl, laminate, tile and most wood floors. It's listed in your quote so you know the cost up front.",
  },
  {
    q: "Can you install flooring I bought somewhere else?",
    a: "Often, yes, once we have inspected the material and its warranty. Flooring bought from us comes with our installation workmanship guarantee.",
  },
  {
    q: "Which areas do you serve?",
    a: "Birmingham and the communities around it, from Bessemer to Pell City and Gardendale to Alabaster. See our area guides for the full list.",
  },
  {
    q: "How soon will I hear back?",
    a: `Our team replies to every project inquiry within ${business.inquiryReplyWindow}, Monday to Friday. Need us sooner? Call {phone}.`,
  },
];

export default function Installation({ actionData }: Route.ComponentProps) {
  const store = useStoreDetails();
  return (
    <>
      <PageHero eyebrow="Installation services" title="Professional Flooring Installation">
        <p>
          From a single bathroom to a whole house, our Birmingham crews measure, prepare and install
          your floors, usually in {business.installationDays}.
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to="/installation/book" className="btn-primary px-6 py-3 text-base">
            Book a free measure visit
          </Link>
          <a
            href="#inquiry"
            className="btn border border-white/70 px-6 py-3 text-base text-white hover:bg-white/10"
          >
            Get a free quote
          </a>
          <a
            href={store.phone_href}
            className="btn border border-white/70 px-6 py-3 text-base text-white hover:bg-white/10"
          >
            Call {store.phone}
          </a>
        </div>
      </PageHero>

      <section className="container-page pt-10" aria-labelledby="area-check-heading">
        <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200">
          <h2 id="area-check-heading" className="mb-3 text-2xl font-bold">
            Do we install in your area?
          </h2>
          <ZipCheck />
        </div>
      </section>

      <section className="container-page py-12" aria-labelledby="why-install-heading">
        <h2 id="why-install-heading" className="mb-8 text-3xl font-bold">
          Why homeowners choose our installers
        </h2>
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {features.map((feature) => (
            <FeatureCard key={feature.title} {...feature} />
          ))}
        </div>
      </section>

      <section className="bg-cream py-12" aria-labelledby="process-heading">
        <div className="container-page">
          <h2 id="process-heading" className="mb-8 text-3xl font-bold">
            Our 4-step process
          </h2>
          <ol className="grid gap-6 md:grid-cols-2 lg:grid-cols-4">
            {steps.map((step, i) => (
              <li key={step.title} className="rounded-xl bg-white p-6 shadow-sm">
                <span className="mb-4 flex h-10 w-10 items-center justify-center rounded-full bg-oak-600 font-bold text-white">
                  {i + 1}
                </span>
                <h3 className="mb-2 text-lg font-bold">{step.title}</h3>
                <p className="text-stone-700">{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section id="inquiry" className="container-page py-12">
        <div className="grid gap-10 lg:grid-cols-5">
          <div className="lg:col-span-2">
            <h2 id="inquiry-heading" className="mb-3 text-3xl font-bold">
              Tell us about your project
            </h2>
            <p className="mb-6 text-stone-700">
              Send your project details and our team will be in touch within{" "}
              {business.inquiryReplyWindow} to set up a free consultation.
            </p>
            <ul className="space-y-2 text-stone-700">
              {store.hours.map((h) => (
                <li key={h.days}>
                  <span className="font-semibold text-navy-800">{h.days}:</span> {h.time}
                </li>
              ))}
            </ul>
          </div>
          <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200 sm:p-8 lg:col-span-3">
            <InquiryForm error={actionData?.error ?? null} />
          </div>
        </div>
      </section>

      <section className="bg-navy-50 py-12" aria-labelledby="faq-heading">
        <div className="container-page max-w-4xl">
          <h2 id="faq-heading" className="mb-6 text-3xl font-bold">
            Frequently asked questions
          </h2>
          <div className="space-y-3">
            {faqs.map((faq) => (
              <details key={faq.q} className="group rounded-xl bg-white p-5 shadow-sm">
                <summary className="cursor-pointer list-none font-semibold text-navy-800 marker:hidden">
                  <span className="flex items-center justify-between gap-4">
                    {faq.q}
                    <span aria-hidden="true" className="text-oak-600 group-open:rotate-45">
                      +
                    </span>
                  </span>
                </summary>
                <p className="mt-3 text-stone-700">{faq.a.replace("{phone}", store.phone)}</p>
              </details>
            ))}
          </div>
        </div>
      </section>

      <section className="container-page py-12">
        <div className="grid items-center gap-6 rounded-2xl bg-oak-50 p-8 ring-1 ring-oak-100 md:grid-cols-3">
          <div className="md:col-span-2">
            <h2 className="mb-2 text-2xl font-bold">Still choosing your floor?</h2>
            <p className="text-stone-700">
              Browse every product with prices by the box, or see finished rooms in our gallery.
            </p>
          </div>
          <div className="flex flex-col gap-3">
            <Link to="/products" className="btn-dark">
              Browse products
            </Link>
            <Link to="/gallery" className="btn-outline">
              View our gallery
            </Link>
            <Link to="/contact" className="btn-outline">
              Contact us
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
