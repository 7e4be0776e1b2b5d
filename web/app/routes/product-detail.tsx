import { displayType } from "@mcf/contracts/business";
import type { Companion, CompanionListResponse, PublicProduct } from "@mcf/contracts/product";
import type { QuestionListResponse, ReviewListResponse } from "@mcf/contracts/reviews";
import { reviewsPerPage } from "@mcf/contracts/reviews-options";
import { data, Link } from "react-router";
import { productDetailErrorMessage } from "../features/catalog/list-messages.ts";
import {
  listedProduct,
  type PublicListedProduct,
  publicPriceSource,
} from "../features/catalog/price-source.ts";
import { ProductDetailView } from "../features/catalog/product-detail-view.tsx";
import type { ProductStripProps } from "../features/catalog/product-strip.tsx";
import type { ProductQuestions as ProductQuestionsView } from "../features/reviews/product-questions.tsx";
import type { ProductReviewsProps } from "../features/reviews/product-reviews.tsx";
import { noQuestions, noReviews } from "../features/reviews/review-defaults.ts";
import { api, namesNothing } from "../lib/api.ts";
import { deferredIsland } from "../lib/deferred-island.tsx";
import { pageTitles } from "../lib/page-titles.ts";
import { pageMeta } from "../lib/seo.ts";
import type { Route } from "./+types/product-detail";

/** The heart: used only after the shopper acts, so its code follows hydration (decision 089). */
const SaveFloorButton = deferredIsland(() =>
  import("../components/save-floor-button.tsx").then((m) => m.SaveFloorButton),
);

const stripSize = 12;

/**
 * Code that follows hydration (decision 089): the structured data for search engines, the
 * breadcrumb links, and the links at the foot of the page.
 */
const ProductJsonLd = deferredIsland(() =>
  import("../features/catalog/product-json-ld.tsx").then((m) => m.ProductJsonLd),
);
const ProductBreadcrumbs = deferredIsland(() =>
  import("../features/catalog/product-breadcrumbs.tsx").then((m) => m.ProductBreadcrumbs),
);
const ProductStrip = deferredIsland<ProductStripProps<PublicListedProduct>>(() =>
  import("../features/catalog/product-strip.tsx").then((m) => m.ProductStrip<PublicListedProduct>),
);

/** The reviews and questions follow hydration too: they act only when a shopper does. */
const ProductReviews = deferredIsland<ProductReviewsProps>(() =>
  import("../features/reviews/product-reviews.tsx").then((m) => m.ProductReviews),
);
const ProductQuestions = deferredIsland<Parameters<typeof ProductQuestionsView>[0]>(() =>
  import("../features/reviews/product-questions.tsx").then((m) => m.ProductQuestions),
);

/**
 * The first page of approved reviews, the photos of reviews (for the gallery) and the answered
 * questions. The product page stands without them when they cannot be read.
 */
async function reviewsOf(
  product: PublicProduct,
  options: { fetch: Route.LoaderArgs["context"]["apiFetch"] },
): Promise<{
  reviews: ReviewListResponse;
  customerPhotos: ReviewListResponse["reviews"][number]["photos"];
  questions: QuestionListResponse;
}> {
  const base = `/api/products/${product.id}`;
  const none = async <T,>(value: T) => value;
  const [reviews, withPhotos, questions] = await Promise.all([
    product.rating_count > 0
      ? api<ReviewListResponse>(`${base}/reviews?per_page=${reviewsPerPage}`, options).catch(
          () => noReviews,
        )
      : none(noReviews),
    product.rating_count > 0
      ? api<ReviewListResponse>(`${base}/reviews?sort=with_photos&per_page=12`, options).catch(
          () => noReviews,
        )
      : none(noReviews),
    api<QuestionListResponse>(`${base}/questions`, options).catch(() => noQuestions),
  ]);
  return {
    reviews,
    customerPhotos: withPhotos.reviews.flatMap((review) => review.photos).slice(0, 12),
    questions,
  };
}

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
    if (namesNothing(error)) {
      return data({ status: "missing" as const }, { status: 404 });
    }
    return data({ status: "error" as const }, { status: 503 });
  }
  const [related, companions, feedback] = await Promise.all([
    otherProducts(product, options),
    companionsOf(product, options),
    reviewsOf(product, options),
  ]);
  return {
    status: "found" as const,
    product,
    related,
    companions,
    ...feedback,
    publicUrl: context.publicUrl,
  };
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
  const { product, related, companions, publicUrl, reviews, customerPhotos, questions } =
    loaderData;
  return (
    <div className="container-page py-8 sm:py-10">
      <ProductJsonLd product={product} publicUrl={publicUrl} reviews={reviews.reviews} />
      <div className="flex flex-wrap items-start justify-between gap-3">
        <ProductBreadcrumbs product={product} />
        <SaveFloorButton productId={product.id} />
      </div>
      <ProductDetailView
        product={product}
        source={publicPriceSource}
        companions={companions}
        customerPhotos={customerPhotos}
      />
      <section className="container-page pb-8" aria-labelledby="get-installed-heading">
        <div className="flex flex-wrap items-center justify-between gap-4 rounded-xl bg-oak-50 p-5 ring-1 ring-oak-100">
          <div>
            <h2 id="get-installed-heading" className="text-xl font-bold">
              Get it installed
            </h2>
            <p className="text-stone-700">
              Our own crews measure and install across the Birmingham area. The measure visit is
              free.
            </p>
          </div>
          <Link to="/installation/book" className="btn-dark">
            Book a free measure visit
          </Link>
        </div>
      </section>
      <ProductReviews
        key={product.id}
        productId={product.id}
        productName={product.name}
        initial={reviews}
      />
      <ProductQuestions key={`q${product.id}`} productId={product.id} initial={questions} />
      <ProductStrip
        title="You may also like"
        products={related}
        source={publicPriceSource}
        saveable
      />
    </div>
  );
}
