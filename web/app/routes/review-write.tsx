import type { ReviewLink } from "@mcf/contracts/reviews";
import { Link } from "react-router";
import { ReviewForm } from "../features/reviews/review-form.tsx";
import { ApiError, api, serverDetail } from "../lib/api.ts";
import { pageTitles } from "../lib/page-titles.ts";
import { pageMeta } from "../lib/seo.ts";
import type { Route } from "./+types/review-write";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, pageTitles.reviewWrite, "Review the floor you bought from us."),
  { name: "robots", content: "noindex" },
];

/** The page carries the buyer's name and email: never kept by the page cache or a CDN. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

const invalidLink =
  "This review link is not valid. Please open it from your email, or write your review from the product's page.";

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  if (!token) return { link: null, token, message: invalidLink };
  try {
    const link = await api<ReviewLink>(`/api/review-links/${encodeURIComponent(token)}`, {
      fetch: context.apiFetch,
    });
    return { link, token, message: null };
  } catch (error) {
    if (error instanceof ApiError && [403, 404, 409, 422].includes(error.status))
      return { link: null, token, message: serverDetail(error) ?? invalidLink };
    throw error;
  }
}

/**
 * /reviews/write?token=: a review request email's link. It opens the review form of the bought
 * floor with the buyer's name and email filled in, without signing in; the review sent from it is
 * a verified purchase. A forged or used link says so.
 */
export default function ReviewWritePage({ loaderData }: Route.ComponentProps) {
  const { link, token, message } = loaderData;
  return (
    <div className="container-page max-w-3xl py-10">
      <h1 className="mb-2 text-3xl font-bold">{pageTitles.reviewWrite}</h1>
      {link ? (
        <>
          <p className="mb-6 text-stone-700">
            How is your{" "}
            <Link to={`/products/${link.product_id}`} className="font-semibold underline">
              {link.product_name}
            </Link>{" "}
            floor? Your review is marked as a verified purchase.
          </p>
          <div className="rounded-lg border border-stone-200 bg-white p-4 sm:p-6">
            <ReviewForm
              productId={link.product_id}
              productName={link.product_name}
              link={{ token, name: link.name, email: link.email }}
            />
          </div>
        </>
      ) : (
        <>
          <p role="alert" className="mb-6 rounded-md bg-red-50 p-4 font-semibold text-red-800">
            {message}
          </p>
          <Link to="/products" className="btn-primary">
            Browse Products
          </Link>
        </>
      )}
    </div>
  );
}
