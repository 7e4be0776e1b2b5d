import { displayType } from "@mcf/contracts/business";
import type { PublicProduct } from "@mcf/contracts/product";
import { JsonLd } from "../../components/json-ld.tsx";

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

/** The product's schema.org Product (name, brand, category, image, offer) for search engines. */
export function ProductJsonLd({
  product,
  publicUrl,
}: {
  product: PublicProduct;
  publicUrl: string;
}) {
  return <JsonLd data={productJsonLd(product, publicUrl)} />;
}
