import type { ProductLots } from "@mcf/contracts/lots";
import { useQueryClient } from "@tanstack/react-query";
import { type KeyboardEvent, useEffect, useState } from "react";
import { errorText, useAdminQuery } from "./admin-queries.ts";
import { productLotsKey } from "./admin-query-keys.ts";
import { useAdminSession } from "./admin-session.tsx";
import { ErrorLine } from "./error-line.tsx";
import { useToast } from "./toast.tsx";

interface LotDraft {
  id?: number;
  lot_code: string;
  boxes: string;
}

const toDrafts = (lots: ProductLots["lots"]): LotDraft[] =>
  lots.map((lot) => ({ id: lot.id, lot_code: lot.lot_code, boxes: String(lot.boxes) }));

/**
 * The product's dye lots (lot code, boxes), saved on their own with "Save lots": the lots are a
 * breakdown of the stock count, so the server refuses lots holding more boxes than are in stock.
 * It sits inside the product form, so Enter here saves the lots instead of the product.
 */
export function ProductLotsEditor({ productId }: { productId: number }) {
  const { request } = useAdminSession();
  const toast = useToast();
  const client = useQueryClient();
  const lots = useAdminQuery<ProductLots>(
    productLotsKey(productId),
    `/api/admin/products/${productId}/lots`,
  );
  const [drafts, setDrafts] = useState<LotDraft[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (lots.data && drafts === null) setDrafts(toDrafts(lots.data.lots));
  }, [lots.data, drafts]);

  const rows = drafts ?? [];
  const edit = (index: number, change: Partial<LotDraft>) =>
    setDrafts(rows.map((row, i) => (i === index ? { ...row, ...change } : row)));

  const save = async () => {
    const body = rows
      .filter((row) => row.lot_code.trim() || row.boxes.trim())
      .map((row) => ({
        ...(row.id === undefined ? {} : { id: row.id }),
        lot_code: row.lot_code,
        boxes: row.boxes.trim() === "" ? Number.NaN : Number(row.boxes),
      }));
    if (body.some((row) => !Number.isInteger(row.boxes))) {
      setError("Boxes must be a whole number");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const saved = await request<ProductLots>(`/api/admin/products/${productId}/lots`, {
        method: "PUT",
        body: { lots: body },
      });
      client.setQueryData(productLotsKey(productId), saved);
      setDrafts(toDrafts(saved.lots));
      toast("Lots saved");
    } catch (e) {
      setError(errorText(e, "Could not save the lots"));
    } finally {
      setBusy(false);
    }
  };
  const saveOnEnter = (event: KeyboardEvent) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    void save();
  };

  return (
    <fieldset className="space-y-2" aria-describedby="lots-help">
      <legend className="mb-1 text-xs font-bold tracking-wider text-oak-700 uppercase">
        Dye lots
      </legend>
      <p id="lots-help" className="text-sm text-stone-600">
        Boxes of one lot share one shade. Orders take each line from one lot when one can cover it.
        Lots are part of the stock count
        {lots.data
          ? ` (${lots.data.stock_quantity} in stock, ${lots.data.boxes_outside_lots} not in a lot).`
          : "."}
      </p>
      {lots.isPending ? <p className="text-sm text-stone-600">Loading lots…</p> : null}
      <ErrorLine message={lots.isError ? errorText(lots.error, "Could not load the lots") : null} />
      {lots.data && rows.length === 0 ? (
        <p className="text-sm text-stone-600">No lots recorded for this product.</p>
      ) : null}
      {rows.map((row, index) => (
        <div key={row.id ?? `new-${index}`} className="flex gap-2">
          <input
            aria-label={`Lot code ${index + 1}`}
            className="field-input py-1.5"
            placeholder="Lot code"
            value={row.lot_code}
            onChange={(e) => edit(index, { lot_code: e.target.value })}
            onKeyDown={saveOnEnter}
          />
          <input
            aria-label={`Boxes in lot ${index + 1}`}
            className="field-input w-28 py-1.5"
            inputMode="numeric"
            placeholder="Boxes"
            value={row.boxes}
            onChange={(e) => edit(index, { boxes: e.target.value })}
            onKeyDown={saveOnEnter}
          />
          <button
            type="button"
            className="rounded px-2 text-stone-600 hover:bg-stone-100"
            aria-label={`Remove lot ${index + 1}`}
            onClick={() => setDrafts(rows.filter((_, i) => i !== index))}
          >
            ×
          </button>
        </div>
      ))}
      <ErrorLine message={error} />
      <div className="flex items-center gap-3">
        <button
          type="button"
          className="text-sm font-semibold text-oak-700 hover:underline"
          onClick={() => setDrafts([...rows, { lot_code: "", boxes: "" }])}
          disabled={!lots.data}
        >
          + Add lot
        </button>
        <button
          type="button"
          className="btn-outline py-1 text-sm"
          onClick={() => void save()}
          disabled={busy || !lots.data}
        >
          {busy ? "Saving…" : "Save lots"}
        </button>
      </div>
    </fieldset>
  );
}
