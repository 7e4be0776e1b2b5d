import { contactSuccessMessage } from "@mcf/contracts/leads-options";
import { useEffect, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { PhoneIcon } from "../components/icons.tsx";
import { ContactForm } from "../features/content/contact-form.tsx";
import { PageHero } from "../features/content/page-hero.tsx";
import { pageTitles } from "../lib/page-titles.ts";
import {
  notForSaleOnlineMessage,
  priceRequestMessage,
  priceRequestProduct,
} from "../lib/price-request.ts";
import { pageMeta } from "../lib/seo.ts";
import { storeDetailsOf, useStoreDetails } from "../lib/store-details.ts";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = ({ matches }) => {
  const store = storeDetailsOf(matches);
  return pageMeta(
    matches,
    pageTitles.contact,
    `Contact ${store.business_name}: call ${store.phone}, visit our showroom at ${store.formatted_address}, or send us a message.`,
  );
};

export default function Contact() {
  const store = useStoreDetails();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  // Kept in state so the banner stays after ?success=true is removed from the address bar.
  const [showSuccess, setShowSuccess] = useState(searchParams.get("success") === "true");
  // A refusal the form got itself (JavaScript on); ?error= is one from a plain form post.
  const [refusal, setRefusal] = useState<string | null>(null);
  const error = refusal ?? searchParams.get("error");
  const bannerRef = useRef<HTMLDivElement>(null);
  // "Ask for a price" on a product without one: the message starts out naming the product.
  const priceProduct = priceRequestProduct(searchParams);

  useEffect(() => {
    if (searchParams.get("success") === "true") {
      navigate("/contact", { replace: true, preventScrollReset: true });
    }
  }, [searchParams, navigate]);

  const showResult = (result: { sent: true } | { sent: false; reason: string }) => {
    setShowSuccess(result.sent);
    setRefusal(result.sent ? null : result.reason);
    if (searchParams.has("error"))
      navigate("/contact", { replace: true, preventScrollReset: true });
    // The banner is above the form: bring it into view on a phone, where the button is far below.
    requestAnimationFrame(() => bannerRef.current?.scrollIntoView({ block: "center" }));
  };

  return (
    <>
      <PageHero eyebrow="Contact us" title="Let's Talk Floors">
        <p>
          Questions about a product, a delivery or an installation? Send a message or call, and a
          real person from our Birmingham team will answer.
        </p>
      </PageHero>
      <div className="container-page grid gap-10 py-12 lg:grid-cols-5">
        <section className="lg:col-span-3" aria-labelledby="message-heading">
          <div ref={bannerRef}>
            {showSuccess ? (
              <div
                role="status"
                className="mb-6 rounded-lg border border-sage-600/40 bg-sage-600/10 p-4 font-semibold text-sage-600"
              >
                {contactSuccessMessage}
              </div>
            ) : null}
            {error ? (
              <div
                role="alert"
                className="mb-6 rounded-lg border border-red-200 bg-red-50 p-4 text-red-900"
              >
                <p className="font-bold">Your message was not sent.</p>
                <p>{error}</p>
              </div>
            ) : null}
          </div>
          <h2 id="message-heading" className="mb-6 text-3xl font-bold">
            Send us a message
          </h2>
          {priceProduct ? (
            <p className="mb-4 rounded-lg border border-oak-100 bg-oak-50 p-4 text-stone-800">
              <span className="font-semibold">{priceProduct}:</span> {notForSaleOnlineMessage}
            </p>
          ) : null}
          <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200 sm:p-8">
            <ContactForm
              key={priceProduct ?? ""}
              initialMessage={priceProduct ? priceRequestMessage(priceProduct) : ""}
              onSent={() => showResult({ sent: true })}
              onRefused={(reason) => showResult({ sent: false, reason })}
            />
          </div>
        </section>
        <aside className="space-y-6 lg:col-span-2" aria-label="Contact information">
          <div className="rounded-2xl bg-navy-800 p-6 text-white sm:p-8">
            <h2 className="mb-4 text-2xl font-bold text-white">Call or visit</h2>
            <p className="mb-4">
              <a
                href={store.phone_href}
                className="inline-flex items-center gap-2 text-2xl font-bold text-white hover:underline"
              >
                <PhoneIcon className="h-6 w-6" />
                {store.phone}
              </a>
            </p>
            <address className="mb-4 text-navy-50 not-italic">
              {store.business_name}
              <br />
              {store.address.street}
              <br />
              {store.address.city}, {store.address.state} {store.address.zip}
            </address>
            <p className="mb-4">
              <a href={`mailto:${store.email}`} className="text-white underline">
                {store.email}
              </a>
            </p>
            <h3 className="mb-2 font-sans text-sm font-semibold tracking-wide text-oak-100 uppercase">
              Business hours
            </h3>
            <ul className="space-y-1 text-navy-50">
              {store.hours.map((h) => (
                <li key={h.days}>
                  <span className="font-semibold text-white">{h.days}:</span> {h.time}
                </li>
              ))}
            </ul>
          </div>
          <div className="rounded-2xl bg-cream p-6 ring-1 ring-oak-100">
            <h2 className="mb-2 text-xl font-bold">Planning an installation?</h2>
            <p className="mb-4 text-stone-700">
              Our project form collects the details we need for an accurate quote.
            </p>
            <a href="/installation#inquiry" className="btn-dark">
              Request a quote
            </a>
          </div>
        </aside>
      </div>
    </>
  );
}
