import {
  accessoryKindLabels,
  accessoryKinds,
  sellingUnits,
  unitName,
} from "@mcf/contracts/accessories";
import type { AdminProduct } from "@mcf/contracts/product";

export type FieldKind =
  | "text"
  | "textarea"
  | "money"
  | "decimal"
  | "integer"
  | "type"
  | "choice"
  | "list";
export interface FieldSpec {
  name: keyof AdminProduct & string;
  label: string;
  kind: FieldKind;
  /** A "choice" field's values and what staff read for each; `optional` offers "—" (none). */
  choices?: { options: ReadonlyArray<{ value: string; label: string }>; optional: boolean };
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The editor's fields, in the groups staff see. */
export const productFieldGroups: Array<{
  title: string;
  fields: FieldSpec[];
  /** Folded under a disclosure the editor opens on request. */
  advanced?: boolean;
}> = [
  {
    title: "Product",
    fields: [
      { name: "name", label: "Name", kind: "text" },
      { name: "sku", label: "SKU", kind: "text" },
      { name: "brand", label: "Brand", kind: "text" },
      { name: "type", label: "Type", kind: "type" },
      { name: "construction", label: "Construction", kind: "text" },
      { name: "collection", label: "Collection", kind: "text" },
      { name: "style_color", label: "Style / color", kind: "text" },
      { name: "color", label: "Color", kind: "text" },
      { name: "color_code", label: "Color code", kind: "text" },
      { name: "size", label: "Size", kind: "text" },
      { name: "description", label: "Description", kind: "textarea" },
    ],
  },
  {
    title: "Accessory (flooring is sold by the box, with no kind)",
    fields: [
      {
        name: "selling_unit",
        label: "Sold by the",
        kind: "choice",
        choices: {
          options: sellingUnits.map((unit) => ({
            value: unit,
            label: capitalized(unitName(unit, 1)),
          })),
          optional: false,
        },
      },
      {
        name: "accessory_kind",
        label: "Accessory kind",
        kind: "choice",
        choices: {
          options: accessoryKinds.map((kind) => ({
            value: kind,
            label: accessoryKindLabels[kind],
          })),
          optional: true,
        },
      },
      { name: "unit_coverage_sqft", label: "Sq ft one roll or pail covers", kind: "decimal" },
      {
        name: "fits_types",
        label: "For floors of (comma-separated: laminate, vinyl…)",
        kind: "list",
      },
    ],
  },
  {
    title: "Prices (per sq ft; an accessory's per unit)",
    fields: [
      { name: "our_price", label: "Our price", kind: "money" },
      { name: "competitor_price", label: "Competitor price", kind: "money" },
      { name: "ace_price", label: "ACE price (internal, never shown)", kind: "money" },
      { name: "ace_shown_price", label: "ACE shown price (what partners pay)", kind: "money" },
      { name: "msrp", label: "MSRP", kind: "money" },
    ],
  },
  {
    title: "Cartons, stock and shipping",
    fields: [
      { name: "sqft_per_carton", label: "Sq ft per carton", kind: "decimal" },
      { name: "cartons_per_pallet", label: "Cartons per pallet", kind: "integer" },
      { name: "pallet_shipping_cost", label: "Pallet shipping cost ($)", kind: "money" },
      { name: "box_weight_lbs", label: "Box weight (lb)", kind: "decimal" },
      { name: "stock_quantity", label: "Stock (boxes)", kind: "integer" },
      { name: "reorder_point", label: "Reorder at (boxes)", kind: "integer" },
      { name: "cost_per_box", label: "Cost per box ($)", kind: "money" },
      { name: "overall_thickness", label: "Overall thickness", kind: "text" },
      { name: "wear_layer_thickness", label: "Wear layer thickness", kind: "text" },
    ],
  },
  // Links to images hosted elsewhere: the older way to give a product pictures. Uploaded photos
  // take their place on the store, so the editor folds these away.
  {
    title: "Image links (advanced)",
    advanced: true,
    fields: [
      { name: "thumbnail_image_url", label: "Thumbnail image URL", kind: "text" },
      { name: "main_image_url", label: "Main image URL", kind: "text" },
      { name: "secondary_image_url", label: "Secondary image URL", kind: "text" },
      { name: "image_url", label: "Image URL", kind: "text" },
    ],
  },
];

const allFields = productFieldGroups.flatMap((group) => group.fields);
export const numericKinds = new Set<FieldKind>(["money", "decimal", "integer"]);

/** A name/value row of the features or specifications editor. */
export type KeyValueRow = { key: string; value: string };

export const toKeyValueRows = (record: Record<string, unknown> | undefined): KeyValueRow[] =>
  Object.entries(record ?? {}).map(([key, value]) => ({ key, value: String(value) }));

/** Feature values: "true"/"false" become booleans, whole numbers stay numbers, the rest text. */
export function featureValue(value: string): boolean | number | string {
  if (value === "true") return true;
  if (value === "false") return false;
  if (/^-?\d+(\.\d+)?$/.test(value)) return Number(value);
  return value;
}

/** "Laminate, vinyl" → ["laminate", "vinyl"]; nothing listed is null (suits every type). */
function listValue(raw: string): string[] | null {
  const items = raw
    .split(",")
    .map((item) => item.trim().toLowerCase())
    .filter(Boolean);
  return items.length > 0 ? items : null;
}

/** The editor's text values of a product (empty strings for a new one). */
export function productFormValues(product: AdminProduct | null): Record<string, string> {
  const values: Record<string, string> = {};
  for (const field of allFields) {
    // The stock field is a count of the boxes in the building: it starts from on hand.
    const value = field.name === "stock_quantity" ? product?.on_hand : product?.[field.name];
    values[field.name] =
      value === null || value === undefined
        ? field.name === "selling_unit"
          ? "box"
          : ""
        : Array.isArray(value)
          ? value.join(", ")
          : String(value);
  }
  return values;
}

/**
 * The request body of a save: every field, empty ones as null (stock 0); price_per_box is never
 * sent, the server derives it. The stock is a count: sent only when it differs from `onHand` (the
 * product's boxes on hand when the editor opened), so saving a price records no count.
 */
export function productRequestBody(form: {
  values: Record<string, string>;
  closeout: boolean;
  samplesAvailable: boolean;
  features: KeyValueRow[];
  specs: KeyValueRow[];
  onHand?: number;
}): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of allFields) {
    const raw = (form.values[field.name] ?? "").trim();
    body[field.name] =
      raw === ""
        ? null
        : numericKinds.has(field.kind)
          ? Number(raw)
          : field.kind === "list"
            ? listValue(raw)
            : raw;
  }
  if (body.stock_quantity === null) body.stock_quantity = 0;
  if (form.onHand !== undefined && body.stock_quantity === form.onHand) delete body.stock_quantity;
  body.is_closeout = form.closeout;
  body.samples_available = form.samplesAvailable;
  body.features = Object.fromEntries(
    form.features
      .filter((r) => r.key.trim())
      .map((r) => [r.key.trim(), featureValue(r.value.trim())]),
  );
  body.specifications = Object.fromEntries(
    form.specs.filter((r) => r.key.trim()).map((r) => [r.key.trim(), r.value.trim()]),
  );
  return body;
}
