import { business } from "@mcf/contracts/business";
import { Link } from "react-router";
import { CheckIcon } from "../components/icons.tsx";
import { pageTitles } from "../lib/page-titles.ts";
import { pageMeta } from "../lib/seo.ts";
import { useStoreDetails } from "../lib/store-details.ts";
import type { Route } from "./+types/inquiry-success";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, pageTitles.inquirySuccess),
  { name: "robots", content: "noindex" },
];

export default function InquirySuccess() {
  const store = useStoreDetails();
  return (
    <section className="container-page flex max-w-2xl flex-col items-center py-20 text-center">
      <span className="mb-6 flex h-16 w-16 items-center justify-center rounded-full bg-sage-600/15">
        <CheckIcon className="h-9 w-9 text-sage-600" />
      </span>
      <h1 className="mb-4 text-4xl font-bold">Thank you!</h1>
      <p className="mb-2 text-lg text-stone-700">Your project details were received.</p>
      <p className="mb-8 text-lg text-stone-700">
        Our team will be in touch within {business.inquiryReplyWindow}. Need us sooner? Call{" "}
        <a href={store.phone_href} className="font-semibold text-oak-700 underline">
          {store.phone}
        </a>
        .
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to="/products" className="btn-primary px-6 py-3">
          Browse Products
        </Link>
        <Link to="/" className="btn-outline px-6 py-3">
          Back to Home
        </Link>
      </div>
    </section>
  );
}
