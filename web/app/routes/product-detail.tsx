import { displayType } from "@mcf/contracts/business";
import type { Companion, CompanionListResponse, PublicProduct } from "@mcf/contracts/product";
import { data, Link } from "react-router";
import { JsonLd } from "../components/json-ld.tsx";
import { productDetailErrorMessage } from "../features/catalog/list-messages.ts";
import {
  listedProduct,
  type PublicListedProduct,
  publicPriceSource,
} from "../features/catalog/price-source.ts";
import { ProductDetailView } from "../features/catalog/product-detail-view.tsx";
import type { ProductStripProps } from "../features/catalog/product-strip.tsx";
import { ApiError, api } from "../lib/api.ts";
import { deferredIsland } from "../lib/deferred-island.tsx";
import { pageTitles } from "../lib/page-titles.ts";
import { pageMeta } from "../lib/seo.ts";
import type { Route } from "./+types/product-detail";

const stripSize = 12;

/** Links at the foot of the page: their code follows hydration (decision 089). */
const ProductStrip = deferredIsland<ProductStripProps<PublicListedProduct>>(() =>
  import("../features/catalog/product-strip.tsx").then((m) => m.ProductStrip<PublicListedProduct>),
);

/** Other products for the strip: the same type first, topped up from the whole catalogue. */
async function otherProducts(
  product: PublicProduct,
  options: { fetch: Route.LoaderArgs["context"]["apiFetch"] },
): Promise<PublicListedProduct[]> {
  try {
    const sameType = product.type
      ? await api<PublicProduct[]>(
          `${publicPriceSource.api}?type=${encodeURIComponent(product.type)}&per_page=25`,
          options,
        )
      : [];
    let others = sameType.filter((p) => p.id !== product.id);
    if (others.length < stripSize) {
      const more = await api<PublicProduct[]>(`${publicPriceSource.api}?per_page=25`, options);
      const seen = new Set([product.id, ...others.map((p) => p.id)]);
      others = [...others, ...more.filter((p) => !seen.has(p.id))];
    }
    return others.slice(0, stripSize).map(listedProduct);
  } catch {
    // The strip is a nice-to-have: the product page stands without it.
    return [];
  }
}

/** The floor's accessories for the calculator; a page without them still sells the floor. */
async function companionsOf(
  product: PublicProduct,
  options: { fetch: Route.LoaderArgs["context"]["apiFetch"] },
): Promise<Companion[]> {
  if (product.selling_unit !== "box") return [];
  try {
    const answer = await api<CompanionListResponse>(
      `${publicPriceSource.api}/${product.id}/companions`,
      options,
    );
    return answer.companions;
  } catch {
    return [];
  }
}

export async function loader({ params, context, request }: Route.LoaderArgs) {
  if (!/^[1-9]\d{0,9}$/.test(params.id)) {
    return data({ status: "missing" as const }, { status: 404 });
  }
  const options = { fetch: context.apiFetch, signal: request.signal };
  let product: PublicProduct;
  try {
    product = await api<PublicProduct>(`${publicPriceSource.api}/${params.id}`, options);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 422)) {
      return data({ status: "missing" as const }, { status: 404 });
    }
    return data({ status: "error" as const }, { status: 503 });
  }
  const [related, companions] = await Promise.all([
    otherProducts(product, options),
    companionsOf(product, options),
  ]);
  return { status: "found" as const, product, related, companions, publicUrl: context.publicUrl };
}

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) => {
  if (loaderData?.status !== "found") return pageMeta(matches, pageTitles.productDetail);
  const { product } = loaderData;
  return pageMeta(matches, pageTitles.productDetail, (store) =>
    (
      product.description ??
      `${product.name}${product.brand ? ` by ${product.brand}` : ""}: ${displayType(product.type)} flooring sold by the box at ${store.business_name}.`
    ).slice(0, 300),
  );
};

function productJsonLd(product: PublicProduct, publicUrl: string) {
  const image = product.main_image_url || product.image_url || product.thumbnail_image_url;
  const url = `${publicUrl}/products/${product.id}`;
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    ...(product.description ? { description: product.description } : {}),
    ...(product.sku ? { sku: product.sku } : {}),
    ...(product.brand ? { brand: { "@type": "Brand", name: product.brand } } : {}),
    ...(product.type ? { category: `${displayType(product.type)} flooring` } : {}),
    ...(image ? { image: `${publicUrl}${image}` } : {}),
    url,
    ...(product.price_per_box !== null
      ? {
          offers: {
            "@type": "Offer",
            url,
            priceCurrency: "USD",
            price: product.price_per_box.toFixed(2),
            availability:
              product.stock_quantity > 0
                ? "https://schema.org/InStock"
                : "https://schema.org/OutOfStock",
            itemCondition: "https://schema.org/NewCondition",
            priceSpecification: {
              "@type": "UnitPriceSpecification",
              price: product.price_per_box.toFixed(2),
              priceCurrency: "USD",
              unitText: product.selling_unit,
            },
          },
        }
      : {}),
  };
}

function Breadcrumbs({ product }: { product: PublicProduct }) {
  return (
    <nav aria-label="Breadcrumb" className="mb-6 text-sm text-stone-600">
      <ol className="flex flex-wrap items-center gap-1.5">
        <li>
          <Link to="/" className="hover:text-oak-700 hover:underline">
            Home
          </Link>
        </li>
        <li aria-hidden="true">/</li>
        <li>
          {product.accessory_kind ? (
            <Link to="/accessories" className="hover:text-oak-700 hover:underline">
              Accessories
            </Link>
          ) : (
            <Link to="/products" className="hover:text-oak-700 hover:underline">
              Products
            </Link>
          )}
        </li>
        {product.type && !product.accessory_kind ? (
          <>
            <li aria-hidden="true">/</li>
            <li>
              <Link
                to={`/products?type=${encodeURIComponent(product.type)}`}
                className="hover:text-oak-700 hover:underline"
              >
                {displayType(product.type)}
              </Link>
            </li>
          </>
        ) : null}
        <li aria-hidden="true">/</li>
        <li aria-current="page" className="font-medium text-stone-800">
          {product.name}
        </li>
      </ol>
    </nav>
  );
}

function ProductMessage({ title, text }: { title: string; text: string }) {
  return (
    <div className="container-page py-20 text-center">
      <h1 className="mb-3 text-3xl font-bold">{title}</h1>
      <p className="mx-auto mb-8 max-w-xl text-stone-700">{text}</p>
      <Link to="/products" className="btn-primary">
        Back to Products
      </Link>
    </div>
  );
}

export default function ProductDetail({ loaderData }: Route.ComponentProps) {
  if (loaderData.status === "missing") {
    return (
      <ProductMessage
        title="Product Not Found"
        text="The product you're looking for doesn't exist."
      />
    );
  }
  if (loaderData.status === "error") {
    return <ProductMessage title="Something went wrong" text={productDetailErrorMessage} />;
  }
  const { product, related, companions, publicUrl } = loaderData;
  return (
    <div className="container-page py-8 sm:py-10">
      <JsonLd data={productJsonLd(product, publicUrl)} />
      <Breadcrumbs product={product} />
      <ProductDetailView product={product} source={publicPriceSource} companions={companions} />
      <ProductStrip title="You may also like" products={related} source={publicPriceSource} />
    </div>
  );
}
