import type { AdminProduct } from "@mcf/contracts/product";
import { type FormEvent, useState } from "react";
import { AdminDialog } from "./admin-dialog.tsx";
import { errorText } from "./admin-queries.ts";
import { useAdminSession } from "./admin-session.tsx";
import { KeyValueRows } from "./key-value-rows.tsx";
import { ProductFieldInput } from "./product-field-input.tsx";
import {
  type KeyValueRow,
  productFieldGroups,
  productFormValues,
  productRequestBody,
  toKeyValueRows,
} from "./product-form-fields.ts";
import { ProductLotsEditor } from "./product-lots-editor.tsx";
import { ProductPhotos } from "./product-photos.tsx";
import { ProductStock } from "./product-stock.tsx";
import { useToast } from "./toast.tsx";

/** The side editor: "New Product" or "Edit Product" with every field; Delete only when editing. */
export function ProductEditor({
  product,
  onClose,
  onSaved,
  onDeleted,
  onPhotosChanged,
}: {
  product: AdminProduct | null;
  onClose: () => void;
  onSaved: (product: AdminProduct, created: boolean) => void;
  onDeleted: (id: number) => void;
  /** Photos save on their own (upload, order, delete), before and without Save Product. */
  onPhotosChanged: (product: AdminProduct) => void;
}) {
  const { request } = useAdminSession();
  const toast = useToast();
  const editing = product !== null;
  const [values, setValues] = useState(() => productFormValues(product));
  const [closeout, setCloseout] = useState(product?.is_closeout ?? false);
  const [samplesAvailable, setSamplesAvailable] = useState(product?.samples_available ?? true);
  const [features, setFeatures] = useState<KeyValueRow[]>(() => toKeyValueRows(product?.features));
  const [specs, setSpecs] = useState<KeyValueRow[]>(() => toKeyValueRows(product?.specifications));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!values.name?.trim()) {
      setError("Name is required");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const saved = await request<AdminProduct>(
        editing ? `/api/admin/products/${product.id}` : "/api/admin/products",
        {
          method: editing ? "PATCH" : "POST",
          body: productRequestBody({
            values,
            closeout,
            samplesAvailable,
            features,
            specs,
            onHand: product?.on_hand,
          }),
        },
      );
      toast(editing ? "Product saved" : "Product created");
      onSaved(saved, !editing);
    } catch (e) {
      setError(errorText(e, "Could not save the product"));
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
      setError(errorText(e, "Could not delete the product"));
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
            {editing ? (
              <ProductPhotos product={product} onChange={onPhotosChanged} />
            ) : (
              <p className="rounded-md bg-stone-50 px-3 py-2 text-sm text-stone-700">
                Photos: create the product first, then upload its photos here.
              </p>
            )}
            {productFieldGroups.map((group) => {
              const fields = (
                <div className="grid grid-cols-2 gap-3">
                  {group.fields.map((field) => (
                    <ProductFieldInput
                      key={field.name}
                      field={field}
                      value={values[field.name] ?? ""}
                      onChange={(value) => setValues((v) => ({ ...v, [field.name]: value }))}
                    />
                  ))}
                </div>
              );
              return group.advanced ? (
                <details key={group.title} className="rounded-md border border-stone-200 p-3">
                  <summary className="cursor-pointer text-xs font-bold tracking-wider text-oak-700 uppercase">
                    {group.title}
                  </summary>
                  <p className="my-2 text-xs text-stone-600">
                    Links to pictures hosted elsewhere. They are the product's photos until you
                    upload some above; uploaded photos then take their place.
                  </p>
                  {fields}
                </details>
              ) : (
                <fieldset key={group.title} className="space-y-3">
                  <legend className="mb-2 text-xs font-bold tracking-wider text-oak-700 uppercase">
                    {group.title}
                  </legend>
                  {fields}
                </fieldset>
              );
            })}
            <label className="flex items-center gap-2 text-sm font-medium">
              <input
                type="checkbox"
                checked={closeout}
                onChange={(e) => setCloseout(e.target.checked)}
              />
              Closeout deal
            </label>
            <label className="flex items-center gap-2 text-sm font-medium">
              <input
                type="checkbox"
                checked={samplesAvailable}
                onChange={(e) => setSamplesAvailable(e.target.checked)}
              />
              Samples available
            </label>
            <KeyValueRows label="Features" rows={features} onChange={setFeatures} />
            <KeyValueRows label="Specifications" rows={specs} onChange={setSpecs} />
            {editing ? <ProductStock productId={product.id} /> : null}
            {editing ? <ProductLotsEditor productId={product.id} /> : null}
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
