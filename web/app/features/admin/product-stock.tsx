import type { AdminProduct } from "@mcf/contracts/product";
import { actorDisplayName } from "@mcf/contracts/staff";
import type { StockLedger } from "@mcf/contracts/stock";
import { type StockReason, stockReasonLabels, stockReasons } from "@mcf/contracts/stock-options";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Term } from "../../components/summary-row.tsx";
import { errorText, useAdminQuery } from "./admin-queries.ts";
import { productLedgerKey } from "./admin-query-keys.ts";
import { useAdminSession } from "./admin-session.tsx";
import { formatShopTime } from "./birmingham-time.ts";
import { ErrorLine } from "./error-line.tsx";
import { saveFile } from "./save-file.ts";
import { useToast } from "./toast.tsx";

const signed = (value: number) => (value > 0 ? `+${value}` : String(value));

/** How a row moved the boxes open orders hold, in words ("allocated +3, reserved −3"). */
function heldChange(row: StockLedger["rows"][number]): string {
  const parts: string[] = [];
  if (row.allocated_change !== 0) parts.push(`allocated ${signed(row.allocated_change)}`);
  if (row.reserved_change !== 0) parts.push(`reserved ${signed(row.reserved_change)}`);
  return parts.join(", ");
}

/**
 * The product's stock in the editor: on hand (in the building), allocated (paid orders not yet
 * shipped or picked up), reserved (open checkouts) and available (what the store sells), then
 * its ledger, newest first: every change with why, its dye lot, what it belongs to and who made
 * it. Filter by reason and lot; export the rows shown as CSV.
 */
export function ProductStock({ productId }: { productId: number }) {
  const { download, request } = useAdminSession();
  const toast = useToast();
  const client = useQueryClient();
  const [damaged, setDamaged] = useState("");
  const [note, setNote] = useState("");
  const [damageError, setDamageError] = useState<string | null>(null);
  const [reason, setReason] = useState<StockReason | "">("");
  const [lotId, setLotId] = useState("");
  const filters = new URLSearchParams();
  if (reason) filters.set("reason", reason);
  if (lotId) filters.set("lot_id", lotId);
  const query = filters.size > 0 ? `?${filters}` : "";
  const ledger = useAdminQuery<StockLedger>(
    productLedgerKey(productId, reason, lotId),
    `/api/admin/products/${productId}/ledger${query}`,
    { keepPrevious: true },
  );

  const exportCsv = async () => {
    try {
      const blob = await download(`/api/admin/products/${productId}/ledger.csv${query}`);
      saveFile(blob, `stock-ledger-product-${productId}.csv`);
    } catch {
      toast("Export failed", "error");
    }
  };

  // Damaged boxes leave what can be sold, with a ledger row; the form sits inside the product
  // form, so it is a group of fields with its own button rather than a form of its own.
  const writeOff = async (event: FormEvent | { preventDefault(): void }) => {
    event.preventDefault();
    const boxes = Number(damaged);
    if (!Number.isInteger(boxes) || boxes < 1) {
      setDamageError("Boxes must be a whole number, 1 or more");
      return;
    }
    setDamageError(null);
    try {
      await request<AdminProduct>(`/api/admin/products/${productId}/damaged`, {
        method: "POST",
        body: { boxes, ...(note.trim() ? { note: note.trim() } : {}) },
      });
      setDamaged("");
      setNote("");
      toast(`${boxes} damaged ${boxes === 1 ? "box" : "boxes"} written off`);
      await client.invalidateQueries({ queryKey: ["admin", "product-ledger", productId] });
    } catch (e) {
      setDamageError(errorText(e, "Could not write off the boxes"));
    }
  };

  const data = ledger.data;
  // The dye lots' codes by id: a receipt's row names the lot its boxes came in.
  const lotCodes = new Map((data?.lots ?? []).map((lot) => [lot.id, lot.lot_code]));
  const figures: Array<[string, number | undefined, string]> = [
    ["On hand", data?.on_hand, "Boxes in the building"],
    ["Allocated", data?.allocated, "Paid orders not yet shipped or picked up"],
    ["Reserved", data?.reserved, "Open checkouts"],
    ["Available", data?.available, "What the store sells now"],
  ];
  return (
    <fieldset className="space-y-3">
      <legend className="mb-1 text-xs font-bold tracking-wider text-oak-700 uppercase">
        Stock
      </legend>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {figures.map(([label, value, help]) => (
          <div key={label} className="rounded-md border border-stone-200 px-3 py-2" title={help}>
            <Term className="text-xs text-stone-600">{label}</Term>
            <dd className="text-lg font-semibold tabular-nums" data-testid={`stock-${label}`}>
              {value ?? "…"}
            </dd>
          </div>
        ))}
      </dl>
      {data && data.lots.length > 0 ? (
        <table className="w-full text-sm tabular-nums" aria-label="Stock by dye lot">
          <thead className="text-xs text-stone-600">
            <tr>
              <th className="py-1 text-left font-medium">Lot</th>
              <th className="py-1 text-right font-medium">On hand</th>
              <th className="py-1 text-right font-medium">Allocated</th>
              <th className="py-1 text-right font-medium">Reserved</th>
              <th className="py-1 text-right font-medium">Available</th>
            </tr>
          </thead>
          <tbody>
            {data.lots.map((lot) => (
              <tr key={lot.id} className="border-t border-stone-100">
                <td className="py-1 [overflow-wrap:anywhere]">{lot.lot_code}</td>
                <td className="py-1 text-right">{lot.on_hand}</td>
                <td className="py-1 text-right">{lot.allocated}</td>
                <td className="py-1 text-right">{lot.reserved}</td>
                <td className="py-1 text-right">{lot.available}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <p className="text-sm text-stone-600">
        The Stock (boxes) field above is a count of the boxes on hand: saving a new count leaves
        what open orders hold theirs, and available follows.
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <label className="text-sm">
          <span className="field-label">Damaged boxes</span>
          <input
            className="field-input w-24 py-1.5"
            inputMode="numeric"
            value={damaged}
            onChange={(e) => setDamaged(e.target.value)}
            onKeyDown={(e) => (e.key === "Enter" ? void writeOff(e) : undefined)}
          />
        </label>
        <label className="min-w-0 flex-1 text-sm">
          <span className="field-label">Note</span>
          <input
            className="field-input py-1.5"
            maxLength={200}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            onKeyDown={(e) => (e.key === "Enter" ? void writeOff(e) : undefined)}
          />
        </label>
        <button type="button" className="btn-outline py-1.5" onClick={writeOff}>
          Write off
        </button>
      </div>
      <ErrorLine message={damageError} />
      <div className="flex flex-wrap items-end gap-2">
        <label className="text-sm">
          <span className="field-label">Ledger: reason</span>
          <select
            className="field-input py-1.5"
            value={reason}
            onChange={(e) => setReason(e.target.value as StockReason | "")}
          >
            <option value="">Every reason</option>
            {stockReasons.map((code) => (
              <option key={code} value={code}>
                {stockReasonLabels[code]}
              </option>
            ))}
          </select>
        </label>
        {data && data.lots.length > 0 ? (
          <label className="text-sm">
            <span className="field-label">Ledger: dye lot</span>
            <select
              className="field-input py-1.5"
              value={lotId}
              onChange={(e) => setLotId(e.target.value)}
            >
              <option value="">Every lot</option>
              {data.lots.map((lot) => (
                <option key={lot.id} value={String(lot.id)}>
                  {lot.lot_code}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <button type="button" className="btn-outline ml-auto py-1.5" onClick={exportCsv}>
          Export ledger CSV
        </button>
      </div>
      <ErrorLine
        message={ledger.isError ? errorText(ledger.error, "Could not load the stock ledger") : null}
      />
      {data && data.rows.length === 0 ? (
        <p className="text-sm text-stone-600">
          No ledger rows{reason || lotId ? " for this filter" : ""}.
        </p>
      ) : null}
      {data && data.rows.length > 0 ? (
        <ol
          aria-label="Stock ledger"
          className="max-h-80 divide-y divide-stone-100 overflow-y-auto rounded-md border border-stone-200"
        >
          {data.rows.map((row) => (
            <li key={row.id} className="px-3 py-2 text-sm">
              <div className="flex flex-wrap items-baseline gap-x-2">
                <span className="font-medium">{stockReasonLabels[row.reason]}</span>
                <span className="font-semibold tabular-nums">{signed(row.boxes)}</span>
                {row.lot_code ? (
                  <span className="rounded bg-stone-100 px-1.5 text-xs text-stone-700">
                    Lot {row.lot_code}
                  </span>
                ) : null}
                <span className="text-xs text-stone-600">{row.on_hand_after} on hand</span>
                <time className="ml-auto text-xs text-stone-600" dateTime={row.created_at}>
                  {formatShopTime(row.created_at)}
                </time>
              </div>
              <div className="flex flex-wrap gap-x-2 text-xs text-stone-600 [overflow-wrap:anywhere]">
                <span>{row.reference ?? "—"}</span>
                <span>· {row.staff ? actorDisplayName(row.staff) : "The store"}</span>
                {row.lot_id !== null && lotCodes.has(row.lot_id) ? (
                  <span>· Dye lot {lotCodes.get(row.lot_id)}</span>
                ) : null}
                {heldChange(row) ? <span>· {heldChange(row)}</span> : null}
              </div>
            </li>
          ))}
        </ol>
      ) : null}
    </fieldset>
  );
}
