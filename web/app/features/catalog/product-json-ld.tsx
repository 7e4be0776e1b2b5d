import { displayType } from "@mcf/contracts/business";
import type { PublicProduct } from "@mcf/contracts/product";
import type { PublicReview } from "@mcf/contracts/reviews";
import { maxRating, minRating } from "@mcf/contracts/reviews-options";
import { JsonLd } from "../../components/json-ld.tsx";

/**
 * The rating and reviews, only where approved reviews exist (an empty AggregateRating is an error
 * in search engines' structured-data checks).
 */
function reviewsJsonLd(product: PublicProduct, reviews: PublicReview[]) {
  if (product.rating_average === null || product.rating_count === 0) return {};
  return {
    aggregateRating: {
      "@type": "AggregateRating",
      ratingValue: product.rating_average,
      reviewCount: product.rating_count,
      bestRating: maxRating,
      worstRating: minRating,
    },
    ...(reviews.length > 0
      ? {
          review: reviews.map((review) => ({
            "@type": "Review",
            name: review.title,
            reviewBody: review.body,
            datePublished: review.created_at.slice(0, 10),
            author: { "@type": "Person", name: review.reviewer },
            reviewRating: {
              "@type": "Rating",
              ratingValue: review.rating,
              bestRating: maxRating,
              worstRating: minRating,
            },
          })),
        }
      : {}),
  };
}

function productJsonLd(product: PublicProduct, publicUrl: string, reviews: PublicReview[]) {
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
    ...reviewsJsonLd(product, reviews),
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

/**
 * The product's schema.org Product (name, brand, category, image, offer, and the rating and
 * reviews when it has approved ones) for search engines.
 */
export function ProductJsonLd({
  product,
  publicUrl,
  reviews = [],
}: {
  product: PublicProduct;
  publicUrl: string;
  reviews?: PublicReview[];
}) {
  return <JsonLd data={productJsonLd(product, publicUrl, reviews)} />;
}
