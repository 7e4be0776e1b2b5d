import { displayType } from "@mcf/contracts/business";
import type { PublicProduct } from "@mcf/contracts/product";
import { Breadcrumbs, type Crumb } from "../../components/breadcrumbs.tsx";

/** Home / Products (or Accessories) / the floor's type / the product. */
export function ProductBreadcrumbs({ product }: { product: PublicProduct }) {
  const trail: Crumb[] = [{ label: "Home", to: "/" }];
  if (product.accessory_kind) trail.push({ label: "Accessories", to: "/accessories" });
  else {
    trail.push({ label: "Products", to: "/products" });
    if (product.type)
      trail.push({
        label: displayType(product.type),
        to: `/products?type=${encodeURIComponent(product.type)}`,
      });
  }
  trail.push({ label: product.name });
  return <Breadcrumbs trail={trail} />;
}
