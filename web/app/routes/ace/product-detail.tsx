import { displayType } from "@mcf/contracts/business";
import { formatUsd } from "@mcf/contracts/money";
import type { AceProduct } from "@mcf/contracts/partners";
import { useEffect, useState } from "react";
import { Link, useParams } from "react-router";
import { FloorImage } from "../../components/floor-image.tsx";
import { useAddAceProduct } from "../../features/ace/ace-add-to-cart.tsx";
import { useRequirePartner } from "../../features/ace/ace-auth.tsx";
import { LoadingLine } from "../../features/ace/auth-card.tsx";
import { StockNote } from "../../features/ace/stock-note.tsx";
import { ApiError, api, isAbortError } from "../../lib/api.ts";
import { pageTitles } from "../../lib/page-titles.ts";
import { pageMeta } from "../../lib/seo.ts";

export const meta = () =>
  pageMeta(pageTitles.aceProductDetail, "Partner product details and ACE pricing.");

type DetailState =
  | { kind: "loading" }
  | { kind: "missing" }
  | { kind: "error"; message: string }
  | { kind: "loaded"; product: AceProduct };

export default function AceProductDetail() {
  const { id } = useParams();
  const { user, token, loading } = useRequirePartner();
  const [state, setState] = useState<DetailState>({ kind: "loading" });
  const approved = user?.status === "approved";

  useEffect(() => {
    if (!approved || !token) return;
    const controller = new AbortController();
    setState({ kind: "loading" });
    api<AceProduct>(`/api/ace/products/${encodeURIComponent(id ?? "")}`, {
      token,
      signal: controller.signal,
    })
      .then((product) => setState({ kind: "loaded", product }))
      .catch((error: unknown) => {
        if (isAbortError(error)) return;
        if (error instanceof ApiError && (error.status === 404 || error.status === 422))
          setState({ kind: "missing" });
        else
          setState({
            kind: "error",
            message: "Failed to load product details. Please try again later.",
          });
      });
    return () => controller.abort();
  }, [approved, token, id]);

  if (loading) return <LoadingLine />;
  if (!user) return null;
  if (!approved) {
    return (
      <div className="container-page max-w-2xl py-14 text-center">
        <h1 className="mb-3 text-2xl font-bold text-navy-800">Your account is awaiting approval</h1>
        <Link to="/ace" className="btn-outline">
          Back to Products
        </Link>
      </div>
    );
  }
  if (state.kind === "loading") return <LoadingLine label="Loading product..." />;
  if (state.kind === "missing" || state.kind === "error") {
    return (
      <div className="container-page max-w-2xl py-14 text-center">
        {state.kind === "missing" ? (
          <>
            <h1 className="mb-3 text-2xl font-bold text-navy-800">Product Not Found</h1>
            <p className="mb-6 text-stone-600">The product you're looking for doesn't exist.</p>
          </>
        ) : (
          <p role="alert" className="mb-6 text-red-800">
            {state.message}
          </p>
        )}
        <Link to="/ace" className="btn-primary">
          Back to Products
        </Link>
      </div>
    );
  }
  return <ProductView product={state.product} />;
}

function ProductView({ product }: { product: AceProduct }) {
  const images = [
    product.main_image_url,
    product.secondary_image_url,
    product.image_url,
    product.thumbnail_image_url,
  ].filter((src, index, all): src is string => Boolean(src) && all.indexOf(src) === index);
  const [selected, setSelected] = useState(0);
  const [quantity, setQuantity] = useState(1);
  const { add, added } = useAddAceProduct();
  const specs: Array<[string, string | null]> = [
    ["Brand", product.brand],
    ["Type", displayType(product.type)],
    ["Collection", product.collection],
    ["Construction", product.construction],
    ["Color", product.color ?? product.style_color],
    ["Size", product.size],
    ["Overall thickness", product.overall_thickness],
    ["Wear layer", product.wear_layer_thickness],
    ["Coverage per box", product.sqft_per_carton ? `${product.sqft_per_carton} sq ft` : null],
    ["SKU", product.sku],
    ...Object.entries(product.specifications),
  ];
  const coverage = product.sqft_per_carton
    ? Math.round(product.sqft_per_carton * quantity * 100) / 100
    : null;

  return (
    <div className="container-page py-8 sm:py-10">
      <nav aria-label="Breadcrumb" className="mb-4 text-sm text-stone-600">
        <Link to="/ace" className="hover:underline">
          Partner Products
        </Link>{" "}
        / <span className="text-stone-800">{product.name}</span>
      </nav>
      <div className="grid gap-8 lg:grid-cols-2">
        <div>
          <div className="overflow-hidden rounded-xl border border-stone-200 bg-stone-100">
            <FloorImage
              src={images[selected]}
              alt={product.name}
              width={800}
              height={600}
              className="aspect-[4/3] w-full object-cover"
              loading="eager"
              structuredData
              title={product.name}
              description={product.description ?? undefined}
            />
          </div>
          {images.length > 1 ? (
            <div className="mt-3 flex gap-2">
              {images.map((src, index) => (
                <button
                  key={src}
                  type="button"
                  onClick={() => setSelected(index)}
                  aria-label={`Show image ${index + 1}`}
                  aria-pressed={index === selected}
                  className={`overflow-hidden rounded-md border-2 ${index === selected ? "border-oak-500" : "border-transparent"}`}
                >
                  <FloorImage
                    src={src}
                    alt=""
                    width={96}
                    height={72}
                    className="h-16 w-20 object-cover"
                  />
                </button>
              ))}
            </div>
          ) : null}
        </div>
        <div>
          <p className="text-xs font-semibold tracking-wide text-stone-500 uppercase">
            {[product.brand, displayType(product.type)].filter(Boolean).join(" · ")}
          </p>
          <h1 className="mt-1 text-3xl font-bold text-navy-800">{product.name}</h1>
          <div className="mt-5 rounded-xl border border-oak-100 bg-oak-50 p-5">
            <p className="text-xs font-bold tracking-wider text-oak-600 uppercase">ACE Pricing</p>
            {product.ace_shown_price !== null ? (
              <>
                <p className="text-3xl font-bold text-navy-800">
                  {formatUsd(product.ace_shown_price)}
                  <span className="text-base font-medium text-stone-600"> /sq ft</span>
                </p>
                {product.price_per_box !== null ? (
                  <p className="text-stone-700">{formatUsd(product.price_per_box)} per box</p>
                ) : null}
              </>
            ) : (
              <p className="text-2xl font-bold text-stone-700">Contact for Price</p>
            )}
          </div>
          <div className="mt-4">
            <StockNote quantity={product.stock_quantity} />
          </div>
          <div className="mt-5 flex flex-wrap items-end gap-3">
            <div>
              <label htmlFor="ace-quantity" className="field-label">
                Quantity (boxes)
              </label>
              <input
                id="ace-quantity"
                type="number"
                min={1}
                step={1}
                className="field-input w-28"
                value={quantity}
                onChange={(e) => {
                  const value = Number.parseInt(e.target.value, 10);
                  setQuantity(Number.isFinite(value) && value >= 1 ? value : 1);
                }}
              />
            </div>
            <button
              type="button"
              className="btn-primary"
              disabled={added || product.price_per_box === null || product.stock_quantity === 0}
              onClick={() => add(product, quantity)}
            >
              {added ? "✓ Added to Cart" : "Add to Cart"}
            </button>
            <Link to="/contact" className="btn-outline">
              Contact Us
            </Link>
          </div>
          {coverage !== null ? (
            <p className="mt-2 text-sm text-stone-600">
              Covers {coverage} sq ft
              {product.price_per_box !== null
                ? ` · ${formatUsd((product.price_per_box * 100 * quantity) / 100)} total`
                : ""}
            </p>
          ) : null}
          {product.description ? (
            <p className="mt-6 leading-relaxed text-stone-700">{product.description}</p>
          ) : null}
          <h2 className="mt-8 mb-3 text-lg font-bold text-navy-800">Specifications</h2>
          <dl className="grid grid-cols-1 gap-x-6 text-sm sm:grid-cols-2">
            {specs
              .filter((entry): entry is [string, string] => Boolean(entry[1]))
              // A free specification that repeats a field ("Wear Layer") is shown once.
              .filter(
                ([label], index, rows) =>
                  rows.findIndex(([other]) => other.toLowerCase() === label.toLowerCase()) ===
                  index,
              )
              .map(([label, value]) => (
                <div
                  key={label}
                  className="flex justify-between gap-4 border-b border-stone-200 py-2"
                >
                  <dt className="text-stone-500">{label}</dt>
                  <dd className="text-right font-medium text-stone-800">{value}</dd>
                </div>
              ))}
          </dl>
          <Link to="/ace" className="mt-8 inline-block font-medium text-navy-800 hover:underline">
            ← Back to Products
          </Link>
        </div>
      </div>
    </div>
  );
}
