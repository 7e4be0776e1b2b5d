import { displayType } from "@mcf/contracts/business";
import type { PublicProduct } from "@mcf/contracts/product";
import { featureLabel } from "@mcf/contracts/product-features";
import { collectionDisplayName } from "@mcf/contracts/store-settings-format";
import { useStoreDetails } from "../../lib/store-details.ts";

type SpecSource = Pick<
  PublicProduct,
  | "brand"
  | "type"
  | "construction"
  | "collection"
  | "style_color"
  | "color"
  | "size"
  | "sku"
  | "overall_thickness"
  | "wear_layer_thickness"
  | "sqft_per_carton"
  | "cartons_per_pallet"
  | "features"
  | "specifications"
>;

/** "water_resistant" → "Water resistant". */
function humanize(key: string): string {
  const words = key.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function featureValue(value: boolean | string | number): string {
  if (typeof value === "boolean") return value ? "Yes" : "No";
  return String(value);
}

function SpecTable({ title, rows }: { title: string; rows: [string, string][] }) {
  if (rows.length === 0) return null;
  const titleId = `specs-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId} className="mb-4 text-2xl font-semibold">
        {title}
      </h2>
      <div className="overflow-hidden rounded-lg border border-stone-200">
        <table className="w-full text-left text-sm">
          <tbody>
            {rows.map(([label, value]) => (
              <tr key={label} className="odd:bg-cream/60">
                <th scope="row" className="w-1/2 px-4 py-2.5 font-medium text-stone-800">
                  {label}
                </th>
                <td className="px-4 py-2.5 text-stone-700">{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** The product's own fields and free specifications, and beside them its features. */
export function ProductSpecs({ product }: { product: SpecSource }) {
  const store = useStoreDetails();
  const fields: [string, string | null][] = [
    ["Brand", product.brand],
    ["Type", displayType(product.type) || null],
    ["Construction", product.construction],
    [
      "Collection",
      product.collection ? collectionDisplayName(store.collection_names, product.collection) : null,
    ],
    ["Style", product.style_color],
    ["Color", product.color],
    ["Size", product.size],
    ["Overall thickness", product.overall_thickness],
    ["Wear layer", product.wear_layer_thickness],
    [
      "Coverage per box",
      product.sqft_per_carton !== null ? `${product.sqft_per_carton} sq ft` : null,
    ],
    [
      "Boxes per pallet",
      product.cartons_per_pallet !== null ? String(product.cartons_per_pallet) : null,
    ],
    ["SKU", product.sku],
  ];
  const specs = fields.filter((row): row is [string, string] => Boolean(row[1]));
  const seen = new Set(specs.map(([label]) => label.toLowerCase()));
  for (const [key, value] of Object.entries(product.specifications)) {
    const label = humanize(key);
    // A free specification may repeat a field ("Construction"): the field wins, shown once.
    const finalLabel = seen.has(label.toLowerCase()) ? `${label} details` : label;
    if (value && !seen.has(finalLabel.toLowerCase())) {
      seen.add(finalLabel.toLowerCase());
      specs.push([finalLabel, value]);
    }
  }
  const features = Object.entries(product.features).map(([key, value]): [string, string] => [
    featureLabel(key),
    featureValue(value),
  ]);
  return (
    <div className="mt-12 grid gap-8 lg:grid-cols-2">
      <SpecTable title="Specifications" rows={specs} />
      <SpecTable title="Features" rows={features} />
    </div>
  );
}
