import type { SampleReorderResult } from "@mcf/contracts/orders";
import { useEffect, useRef } from "react";
import { Link, useNavigate } from "react-router";
import { CallUsLinks } from "../components/call-us-links.tsx";
import { api, namesNothing } from "../lib/api.ts";
import { useCart } from "../lib/cart/cart-context.tsx";
import { pageTitles } from "../lib/page-titles.ts";
import { pageMeta } from "../lib/seo.ts";
import type { Route } from "./+types/sample-reorder";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(
    matches,
    pageTitles.sampleReorder,
    "Put boxes of the floors you sampled in your cart.",
  ),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  try {
    const result = await api<SampleReorderResult>(
      `/api/samples/reorder?token=${encodeURIComponent(token)}`,
      { fetch: context.apiFetch },
    );
    return { products: result.products };
  } catch (error) {
    if (namesNothing(error)) return { products: null };
    throw error;
  }
}

/**
 * /samples/reorder?token=: the follow-up email's link. Once the saved cart is read, it puts one
 * box of each sampled product that is sold online in the cart and opens the cart (replacing this
 * page in history, so going back or reloading adds nothing twice).
 */
export default function SampleReorderPage({ loaderData }: Route.ComponentProps) {
  const { products } = loaderData;
  const { addItem, restored } = useCart();
  const navigate = useNavigate();
  const done = useRef(false);
  const buyable = (products ?? []).filter((product) => product.price_per_box !== null);

  useEffect(() => {
    if (!restored || done.current || buyable.length === 0) return;
    done.current = true;
    for (const product of buyable) addItem(product, 1, { unitPrice: product.price_per_box ?? 0 });
    navigate("/cart", { replace: true });
  }, [restored, buyable, addItem, navigate]);

  const message =
    products === null
      ? "This link is not valid. Please open it from your email, or browse our products."
      : buyable.length === 0
        ? "The floors you sampled are not sold online right now. Call us and we will help you order them."
        : "Putting your floors in the cart…";
  return (
    <div className="container-page max-w-2xl py-16 text-center">
      <h1 className="mb-4 text-3xl font-bold">{pageTitles.sampleReorder}</h1>
      <p role="status" className="mb-6 text-lg text-stone-700">
        {message}
      </p>
      <CallUsLinks>
        <Link to="/products" className="btn-primary">
          Browse Products
        </Link>
      </CallUsLinks>
    </div>
  );
}
