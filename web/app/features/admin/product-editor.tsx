import { productTypes } from "@mcf/contracts/business";
import type { AdminProduct } from "@mcf/contracts/product";
import { type FormEvent, useState } from "react";
import { AdminDialog } from "./admin-dialog.tsx";
import { capitalize } from "./admin-format.ts";
import { useAdminSession } from "./admin-session.tsx";
import { useToast } from "./toast.tsx";

type FieldKind = "text" | "textarea" | "money" | "decimal" | "integer" | "type";
interface FieldSpec {
  name: keyof AdminProduct & string;
  label: string;
  kind: FieldKind;
}

const groups: Array<{ title: string; fields: FieldSpec[] }> = [
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
    title: "Prices (per sq ft)",
    fields: [
      { name: "our_price", label: "Our price", kind: "money" },
      { name: "competitor_price", label: "Competitor price", kind: "money" },
      { name: "ace_price", label: "ACE price", kind: "money" },
      { name: "ace_shown_price", label: "ACE shown price", kind: "money" },
      { name: "msrp", label: "MSRP", kind: "money" },
    ],
  },
  {
    title: "Cartons, stock and shipping",
    fields: [
      { name: "sqft_per_carton", label: "Sq ft per carton", kind: "decimal" },
      { name: "cartons_per_pallet", label: "Cartons per pallet", kind: "integer" },
      { name: "pallet_shipping_cost", label: "Pallet shipping cost ($)", kind: "money" },
      { name: "stock_quantity", label: "Stock (boxes)", kind: "integer" },
      { name: "overall_thickness", label: "Overall thickness", kind: "text" },
      { name: "wear_layer_thickness", label: "Wear layer thickness", kind: "text" },
    ],
  },
  {
    title: "Images",
    fields: [
      { name: "thumbnail_image_url", label: "Thumbnail image URL", kind: "text" },
      { name: "main_image_url", label: "Main image URL", kind: "text" },
      { name: "secondary_image_url", label: "Secondary image URL", kind: "text" },
      { name: "image_url", label: "Image URL", kind: "text" },
    ],
  },
];

const numericKinds = new Set<FieldKind>(["money", "decimal", "integer"]);
type Row = { key: string; value: string };

const toRows = (record: Record<string, unknown> | undefined): Row[] =>
  Object.entries(record ?? {}).map(([key, value]) => ({ key, value: String(value) }));

/** Feature values: "true"/"false" become booleans, whole numbers stay numbers, the rest text. */
function featureValue(value: string): boolean | number | string {
  if (value === "true") return true;
  if (value === "false") return false;
  if (/^-?\d+(\.\d+)?$/.test(value)) return Number(value);
  return value;
}

function KeyValueRows({
  label,
  rows,
  onChange,
}: {
  label: string;
  rows: Row[];
  onChange: (rows: Row[]) => void;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="field-label">{label}</legend>
      {rows.map((row, index) => (
        <div key={index} className="flex gap-2">
          <input
            aria-label={`${label} name ${index + 1}`}
            className="field-input py-1.5"
            placeholder="Name"
            value={row.key}
            onChange={(e) =>
              onChange(rows.map((r, i) => (i === index ? { ...r, key: e.target.value } : r)))
            }
          />
          <input
            aria-label={`${label} value ${index + 1}`}
            className="field-input py-1.5"
            placeholder="Value"
            value={row.value}
            onChange={(e) =>
              onChange(rows.map((r, i) => (i === index ? { ...r, value: e.target.value } : r)))
            }
          />
          <button
            type="button"
            className="rounded px-2 text-stone-600 hover:bg-stone-100"
            aria-label={`Remove ${label.toLowerCase()} row ${index + 1}`}
            onClick={() => onChange(rows.filter((_, i) => i !== index))}
          >
            ×
          </button>
        </div>
      ))}
      <button
        type="button"
        className="text-sm font-semibold text-oak-700 hover:underline"
        onClick={() => onChange([...rows, { key: "", value: "" }])}
      >
        + Add {label.toLowerCase().replace(/s$/, "")}
      </button>
    </fieldset>
  );
}

/** The side editor: "New Product" or "Edit Product" with every field; Delete only when editing. */
export function ProductEditor({
  product,
  onClose,
  onSaved,
  onDeleted,
}: {
  product: AdminProduct | null;
  onClose: () => void;
  onSaved: (product: AdminProduct, created: boolean) => void;
  onDeleted: (id: number) => void;
}) {
  const { request } = useAdminSession();
  const toast = useToast();
  const editing = product !== null;
  const [values, setValues] = useState<Record<string, string>>(() => {
    const initial: Record<string, string> = {};
    for (const group of groups)
      for (const field of group.fields) {
        const v = product?.[field.name];
        initial[field.name] = v === null || v === undefined ? "" : String(v);
      }
    return initial;
  });
  const [closeout, setCloseout] = useState(product?.is_closeout ?? false);
  const [features, setFeatures] = useState<Row[]>(() => toRows(product?.features));
  const [specs, setSpecs] = useState<Row[]>(() => toRows(product?.specifications));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const set = (name: string, value: string) => setValues((v) => ({ ...v, [name]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!values.name?.trim()) {
      setError("Name is required");
      return;
    }
    const body: Record<string, unknown> = {};
    for (const group of groups)
      for (const field of group.fields) {
        const raw = (values[field.name] ?? "").trim();
        // Empty numeric fields are sent as null; price_per_box is never sent.
        body[field.name] = numericKinds.has(field.kind)
          ? raw === ""
            ? null
            : Number(raw)
          : raw === ""
            ? null
            : raw;
      }
    if (body.stock_quantity === null) body.stock_quantity = 0;
    body.is_closeout = closeout;
    body.features = Object.fromEntries(
      features.filter((r) => r.key.trim()).map((r) => [r.key.trim(), featureValue(r.value.trim())]),
    );
    body.specifications = Object.fromEntries(
      specs.filter((r) => r.key.trim()).map((r) => [r.key.trim(), r.value.trim()]),
    );
    setBusy(true);
    setError(null);
    try {
      const saved = await request<AdminProduct>(
        editing ? `/api/admin/products/${product.id}` : "/api/admin/products",
        {
          method: editing ? "PATCH" : "POST",
          body,
        },
      );
      toast(editing ? "Product saved" : "Product created");
      onSaved(saved, !editing);
    } catch (e) {
      setError(e instanceof Error ? e.message : "Could not save the product");
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!product || !window.confirm("Delete this product?")) return;
    setBusy(true);
    try {
      await request(`/api/admin/products/${product.id}`, { method: "DELETE" });
      toast("Product deleted");
      onDeleted(product.id);
    } catch (e) {
      setError(e instanceof Error ? e.message : "Could not delete the product");
      setBusy(false);
    }
  };

  const title = editing ? "Edit Product" : "New Product";
  return (
    <AdminDialog
      label={title}
      onClose={onClose}
      className="m-0 ml-auto h-dvh max-h-none w-full max-w-xl bg-white shadow-2xl"
    >
      <div className="flex h-full flex-col">
        <header className="flex items-center justify-between bg-navy-800 px-5 py-3 text-white">
          <h2 className="font-sans text-lg font-semibold text-white">{title}</h2>
          <button
            type="button"
            onClick={onClose}
            aria-label="Close editor"
            className="rounded px-2 text-2xl leading-none text-white/80 hover:bg-white/10"
          >
            ×
          </button>
        </header>
        <form onSubmit={submit} className="flex min-h-0 flex-1 flex-col" noValidate>
          <div className="flex-1 space-y-6 overflow-auto px-5 py-4">
            {groups.map((group) => (
              <fieldset key={group.title} className="space-y-3">
                <legend className="mb-2 text-xs font-bold tracking-wider text-oak-700 uppercase">
                  {group.title}
                </legend>
                <div className="grid grid-cols-2 gap-3">
                  {group.fields.map((field) => {
                    const id = `product-${field.name}`;
                    const wide =
                      field.kind === "textarea" ||
                      field.name === "name" ||
                      field.name.endsWith("image_url");
                    return (
                      <div key={field.name} className={wide ? "col-span-2" : ""}>
                        <label htmlFor={id} className="field-label">
                          {field.label}
                          {field.name === "name" ? (
                            <span aria-hidden="true" className="text-brick-600">
                              {" *"}
                            </span>
                          ) : null}
                        </label>
                        {field.kind === "textarea" ? (
                          <textarea
                            id={id}
                            rows={3}
                            className="field-input py-1.5"
                            value={values[field.name]}
                            onChange={(e) => set(field.name, e.target.value)}
                          />
                        ) : field.kind === "type" ? (
                          <select
                            id={id}
                            className="field-input py-1.5"
                            value={values[field.name]}
                            onChange={(e) => set(field.name, e.target.value)}
                          >
                            <option value="">—</option>
                            {productTypes.map((t) => (
                              <option key={t} value={t}>
                                {capitalize(t)}
                              </option>
                            ))}
                          </select>
                        ) : (
                          <input
                            id={id}
                            className="field-input py-1.5"
                            required={field.name === "name"}
                            data-autofocus={field.name === "name" ? true : undefined}
                            type={numericKinds.has(field.kind) ? "number" : "text"}
                            step={
                              field.kind === "integer" ? 1 : field.kind === "money" ? 0.01 : "any"
                            }
                            min={numericKinds.has(field.kind) ? 0 : undefined}
                            inputMode={
                              field.kind === "integer"
                                ? "numeric"
                                : numericKinds.has(field.kind)
                                  ? "decimal"
                                  : undefined
                            }
                            value={values[field.name]}
                            onChange={(e) => set(field.name, e.target.value)}
                          />
                        )}
                      </div>
                    );
                  })}
                </div>
              </fieldset>
            ))}
            <label className="flex items-center gap-2 text-sm font-medium">
              <input
                type="checkbox"
                checked={closeout}
                onChange={(e) => setCloseout(e.target.checked)}
              />
              Closeout deal
            </label>
            <KeyValueRows label="Features" rows={features} onChange={setFeatures} />
            <KeyValueRows label="Specifications" rows={specs} onChange={setSpecs} />
            {editing && product.price_per_box !== null ? (
              <p className="text-sm text-stone-600">
                Price per box (derived): ${product.price_per_box.toFixed(2)}
              </p>
            ) : null}
          </div>
          <footer className="flex items-center gap-2 border-t border-stone-200 px-5 py-3">
            {error ? (
              <p role="alert" className="mr-auto text-sm text-red-700">
                {error}
              </p>
            ) : (
              <span className="mr-auto" />
            )}
            {editing ? (
              <button
                type="button"
                className="btn border border-brick-600 text-brick-600 hover:bg-red-50"
                onClick={remove}
                disabled={busy}
              >
                Delete
              </button>
            ) : null}
            <button type="button" className="btn-outline" onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className="btn-primary" disabled={busy}>
              {busy ? "Saving…" : editing ? "Save Product" : "Create Product"}
            </button>
          </footer>
        </form>
      </div>
    </AdminDialog>
  );
}
