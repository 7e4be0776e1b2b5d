import type { AdminProduct } from "@mcf/contracts/product";
import type { PurchaseOrder } from "@mcf/contracts/purchasing";
import { type FormEvent, useState } from "react";
import { errorText } from "./admin-queries.ts";
import { useAdminSession } from "./admin-session.tsx";
import { ErrorLine } from "./error-line.tsx";
import { useToast } from "./toast.tsx";

interface LineFields {
  key: number;
  product_id: string;
  boxes_ordered: string;
  cost_per_box: string;
}

let nextLineKey = 0;
const emptyLine = (): LineFields => ({
  key: ++nextLineKey,
  product_id: "",
  boxes_ordered: "",
  cost_per_box: "",
});

/** The new purchase order form: vendor, expected date, notes and its lines. */
export function PurchaseOrderForm({
  products,
  onSaved,
  onCancel,
}: {
  products: AdminProduct[];
  onSaved: (order: PurchaseOrder) => void;
  onCancel: () => void;
}) {
  const { request } = useAdminSession();
  const toast = useToast();
  const [vendor, setVendor] = useState("");
  const [expected, setExpected] = useState("");
  const [notes, setNotes] = useState("");
  const [lines, setLines] = useState<LineFields[]>(() => [emptyLine()]);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const setLine = (key: number, change: Partial<LineFields>) =>
    setLines((all) => all.map((line) => (line.key === key ? { ...line, ...change } : line)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setError(null);
    try {
      const saved = await request<PurchaseOrder>("/api/admin/purchase-orders", {
        method: "POST",
        body: {
          vendor,
          expected_date: expected || null,
          notes: notes || null,
          lines: lines.map((line) => ({
            product_id: Number(line.product_id),
            boxes_ordered: Number(line.boxes_ordered),
            cost_per_box: Number(line.cost_per_box),
          })),
        },
      });
      toast(`Purchase order ${saved.number} created`);
      onSaved(saved);
    } catch (e) {
      setError(errorText(e, "Could not create the purchase order"));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      onSubmit={submit}
      aria-label="New purchase order"
      className="space-y-3 rounded-lg border border-stone-200 bg-white p-4 shadow-sm"
    >
      <h3 className="font-sans text-base font-semibold">New purchase order</h3>
      <label className="block">
        <span className="field-label">Vendor</span>
        <input
          className="field-input py-1.5"
          required
          value={vendor}
          onChange={(e) => setVendor(e.target.value)}
        />
      </label>
      <label className="block">
        <span className="field-label">Expected date</span>
        <input
          className="field-input py-1.5"
          type="date"
          value={expected}
          onChange={(e) => setExpected(e.target.value)}
        />
      </label>
      <label className="block">
        <span className="field-label">Notes</span>
        <textarea
          className="field-input py-1.5"
          rows={2}
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
        />
      </label>
      <fieldset className="space-y-3">
        <legend className="field-label">Lines</legend>
        {lines.map((line, index) => (
          <div key={line.key} className="space-y-2 rounded-md border border-stone-200 p-3">
            <label className="block">
              <span className="field-label">Product (line {index + 1})</span>
              <select
                className="field-input py-1.5"
                required
                value={line.product_id}
                onChange={(e) => setLine(line.key, { product_id: e.target.value })}
              >
                <option value="">Choose a product</option>
                {products.map((product) => (
                  <option key={product.id} value={product.id}>
                    {product.name}
                    {product.sku ? ` (${product.sku})` : ""}
                  </option>
                ))}
              </select>
            </label>
            <div className="grid grid-cols-2 gap-3">
              <label className="block">
                <span className="field-label">Boxes ordered (line {index + 1})</span>
                <input
                  className="field-input py-1.5"
                  type="number"
                  min={1}
                  step={1}
                  required
                  value={line.boxes_ordered}
                  onChange={(e) => setLine(line.key, { boxes_ordered: e.target.value })}
                />
              </label>
              <label className="block">
                <span className="field-label">Cost per box $ (line {index + 1})</span>
                <input
                  className="field-input py-1.5"
                  type="number"
                  min={0}
                  step={0.01}
                  required
                  value={line.cost_per_box}
                  onChange={(e) => setLine(line.key, { cost_per_box: e.target.value })}
                />
              </label>
            </div>
            {lines.length > 1 ? (
              <button
                type="button"
                className="btn-outline px-3 py-1 text-sm"
                onClick={() => setLines((all) => all.filter((other) => other.key !== line.key))}
              >
                Remove line {index + 1}
              </button>
            ) : null}
          </div>
        ))}
        <button
          type="button"
          className="btn-outline px-3 py-1 text-sm"
          onClick={() => setLines((all) => [...all, emptyLine()])}
        >
          Add a line
        </button>
      </fieldset>
      <ErrorLine message={error} />
      <div className="flex gap-2">
        <button type="submit" className="btn-primary py-2" disabled={saving}>
          {saving ? "Creating…" : "Create purchase order"}
        </button>
        <button type="button" className="btn-outline py-2" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
