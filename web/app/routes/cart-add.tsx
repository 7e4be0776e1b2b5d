import type { CartItemKind } from "@mcf/contracts/cart-kinds";
import type { PublicProduct } from "@mcf/contracts/product";
import { useEffect, useRef } from "react";
import { Link, useNavigate } from "react-router";
import { publicPriceSource } from "../features/catalog/price-source.ts";
import { api, namesNothing } from "../lib/api.ts";
import { useCart } from "../lib/cart/cart-context.tsx";
import { pageTitles } from "../lib/page-titles.ts";
import { pageMeta } from "../lib/seo.ts";
import type { Route } from "./+types/cart-add";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, pageTitles.cartAdd, "Putting a floor in your cart."),
  { name: "robots", content: "noindex" },
];

/** The most boxes one tap may ask for (the cart's own limit per line). */
const maxQuantity = 100_000;

/** A whole number of boxes from the address, 1 when it is missing or makes no sense. */
function quantityFrom(text: string | null): number {
  const quantity = Number(text);
  return Number.isInteger(quantity) && quantity >= 1 ? Math.min(quantity, maxQuantity) : 1;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const kind: CartItemKind = params.get("kind") === "sample" ? "sample" : "box";
  const quantity = kind === "sample" ? 1 : quantityFrom(params.get("quantity"));
  const id = params.get("product") ?? "";
  if (!/^[1-9]\d{0,9}$/.test(id)) return { product: null, kind, quantity };
  try {
    const product = await api<PublicProduct>(`/api/products/${id}`, { fetch: context.apiFetch });
    return { product, kind, quantity };
  } catch (error) {
    if (namesNothing(error)) return { product: null, kind, quantity };
    throw error;
  }
}

/** Why the line cannot be added, or null when it can. */
function refusalOf(product: PublicProduct | null, kind: CartItemKind): string | null {
  if (product === null) return "We could not find that product. Please browse our products.";
  if (kind === "sample")
    return product.samples_available ? null : `Samples of ${product.name} are not available.`;
  if (publicPriceSource.priceOf(product).perBox === null)
    return `${product.name} is not sold online right now. Call us and we will help you order it.`;
  if (product.stock_quantity <= 0) return `${product.name} is out of stock right now.`;
  return null;
}

/**
 * /cart/add?product=&quantity=[&kind=sample]: where an "Add to Cart" or "Order a free sample" tap
 * lands when it came before the page's scripts ran (on a slow phone, the first seconds). Once the
 * saved cart is read it adds the line at the public price, as the button would have, and opens
 * the cart in this page's place in history, so going back or reloading adds nothing twice.
 */
export default function CartAddPage({ loaderData }: Route.ComponentProps) {
  const { product, kind, quantity } = loaderData;
  const { addItem, addSample, restored } = useCart();
  const navigate = useNavigate();
  const done = useRef(false);
  const refusal = refusalOf(product, kind);

  useEffect(() => {
    if (!restored || done.current || refusal !== null || product === null) return;
    done.current = true;
    if (kind === "sample") addSample(product);
    else {
      const unitPrice = publicPriceSource.priceOf(product).perBox ?? 0;
      addItem(product, quantity, { unitPrice });
    }
    navigate("/cart", { replace: true });
  }, [restored, refusal, product, kind, quantity, addItem, addSample, navigate]);

  return (
    <div className="container-page max-w-2xl py-16 text-center">
      <h1 className="mb-4 text-3xl font-bold">{pageTitles.cartAdd}</h1>
      <p role={refusal ? "alert" : "status"} className="mb-6 text-lg text-stone-700">
        {refusal ??
          (kind === "sample"
            ? `Putting a free sample of ${product?.name} in your cart…`
            : `Putting ${product?.name} in your cart…`)}
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        {product ? (
          <Link to={`/products/${product.id}`} className="btn-outline">
            Back to {product.name}
          </Link>
        ) : null}
        <Link to="/products" className="btn-primary">
          Browse Products
        </Link>
      </div>
    </div>
  );
}
