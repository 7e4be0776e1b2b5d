import { accessoryKindLabels } from "@mcf/contracts/accessories";
import { displayType } from "@mcf/contracts/business";
import type { Companion, PublicProduct } from "@mcf/contracts/product";
import type { ProductImage } from "@mcf/contracts/product-images";
import { collectionDisplayName } from "@mcf/contracts/store-settings-format";
import type { RatingSummary as RatingSummaryView } from "../../components/star-rating.tsx";
import { deferredIsland } from "../../lib/deferred-island.tsx";
import { useStoreDetails } from "../../lib/store-details.ts";
import { ColorSwatch } from "./color-swatch.tsx";
import type { PriceSource } from "./price-source.ts";
import type { ProductPurchasePanelProps } from "./product-purchase-panel.tsx";

/**
 * Every part renders on the server like the rest; the code of each follows hydration (decision
 * 089), in parts React hydrates one at a time: the gallery (its thumbnails switch the large
 * image), the specification tables, the stars (a link) and the purchase panel. The panel's code
 * (quantity, backorder offer, sticky bar, Add to Cart) is fetched when the browser is idle after
 * the page hydrates, or at once on the shopper's first press or key, so the page stays within its
 * JavaScript budget and no single hydration task blocks a phone for long.
 */
const ProductGallery = deferredIsland(() =>
  import("./product-gallery.tsx").then((m) => m.ProductGallery),
);
const ProductSpecs = deferredIsland(() =>
  import("./product-specs.tsx").then((m) => m.ProductSpecs),
);
const RatingSummary = deferredIsland<Parameters<typeof RatingSummaryView>[0]>(() =>
  import("../../components/star-rating.tsx").then((m) => m.RatingSummary),
);
const loadPurchasePanel = () => import("./product-purchase-panel.tsx");
const ProductPurchasePanel = deferredIsland<ProductPurchasePanelProps>(() =>
  loadPurchasePanel().then((m) => m.ProductPurchasePanel),
);

/**
 * Fetches the code of every part of the view (the purchase panel's calculator too) ahead of its
 * first render; resolves once all of it has arrived, rejects if a part's failed. For a screen that
 * renders the view only once its product has loaded in the browser (the partner portal), so the
 * parts show with the product; the public page, rendered on the server, leaves its parts' code
 * to follow hydration.
 */
export function preloadProductDetailParts(): Promise<unknown> {
  return Promise.all([
    ProductGallery.preload(),
    ProductSpecs.preload(),
    RatingSummary.preload(),
    ProductPurchasePanel.preload(),
    loadPurchasePanel().then((m) => m.preloadPurchasePanelParts()),
  ]);
}

export interface ProductDetailViewProps<P extends PublicProduct> {
  product: P;
  /** The public store or the partner catalogue: the price shown and charged, and the cart line. */
  source: PriceSource<P>;
  /** The floor's accessories at the source's prices: the calculator suggests and adds them. */
  companions?: Companion[];
  /** Photos from the product's approved reviews, shown in the gallery after the store's. */
  customerPhotos?: ProductImage[];
}

/**
 * A product page's body: the gallery, type and brand, name, collection and description, the
 * purchase panel, and the specification tables. Screens add their own breadcrumbs and extras.
 */
export function ProductDetailView<P extends PublicProduct>({
  product,
  source,
  companions,
  customerPhotos,
}: ProductDetailViewProps<P>) {
  const store = useStoreDetails();
  return (
    <>
      <div className="grid gap-8 lg:grid-cols-2 lg:gap-12">
        <ProductGallery
          images={product}
          name={product.name}
          description={product.description}
          customerPhotos={customerPhotos}
        />
        <div>
          <p className="mb-2 text-sm font-semibold tracking-wider text-oak-700 uppercase">
            {[
              product.accessory_kind
                ? accessoryKindLabels[product.accessory_kind]
                : displayType(product.type),
              product.brand,
            ]
              .filter(Boolean)
              .join(" · ")}
          </p>
          <h1 className="mb-2 text-3xl leading-tight font-bold sm:text-4xl">{product.name}</h1>
          <RatingSummary
            average={product.rating_average}
            count={product.rating_count}
            href="#reviews"
            className="mb-3"
          />
          {product.collection ? (
            <p className="mb-4 text-stone-700">
              {collectionDisplayName(store.collection_names, product.collection)} collection
            </p>
          ) : null}
          <ColorSwatch
            colorCode={product.color_code}
            colorName={product.color}
            className="mb-4 text-base"
          />
          {product.description ? (
            <p className="mb-6 leading-relaxed text-stone-700">{product.description}</p>
          ) : null}
          <ProductPurchasePanel
            product={product}
            price={source.priceOf(product, "page")}
            showCompetitorPrice={source.showCompetitorPrice}
            partnerPrice={source.partnerLines}
            companions={companions}
            accessoriesPath={source.accessoriesPath}
          />
        </div>
      </div>
      <ProductSpecs product={product} />
    </>
  );
}
