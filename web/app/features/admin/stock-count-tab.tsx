import type { AdminProduct } from "@mcf/contracts/product";
import type { StockLedger } from "@mcf/contracts/stock";
import type { StockCountBatch, StockCountResult } from "@mcf/contracts/stock-counts";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { errorText, useAdminQuery } from "./admin-queries.ts";
import { adminListKeys } from "./admin-query-keys.ts";
import { useAdminSession } from "./admin-session.tsx";
import { useToast } from "./toast.tsx";

/** One line of the count: a product's whole shelf, or one of its dye lots, and what it holds now. */
interface CountLine {
  key: string;
  productId: number;
  lotId: number | null;
  name: string;
  sku: string | null;
  lotCode: string | null;
  onHand: number;
  allocated: number;
  reserved: number;
  available: number;
  /** What staff typed: the boxes found on the shelf. */
  counted: string;
}

const signed = (value: number) => (value > 0 ? `+${value}` : String(value));

/** The boxes typed, or null when not a whole number of 0 or more. */
function countedBoxes(text: string): number | null {
  const value = Number(text.trim());
  return text.trim() !== "" && Number.isInteger(value) && value >= 0 ? value : null;
}

/** The lines a product brings: one per dye lot when it has lots, else its whole shelf. */
function linesOf(product: AdminProduct, stock: StockLedger): CountLine[] {
  const base = { productId: product.id, name: product.name, sku: product.sku, counted: "" };
  if (stock.lots.length === 0)
    return [
      {
        ...base,
        key: `${product.id}`,
        lotId: null,
        lotCode: null,
        onHand: stock.on_hand,
        allocated: stock.allocated,
        reserved: stock.reserved,
        available: stock.available,
      },
    ];
  return stock.lots.map((lot) => ({
    ...base,
    key: `${product.id}:${lot.id}`,
    lotId: lot.id,
    lotCode: lot.lot_code,
    onHand: lot.on_hand,
    allocated: lot.allocated,
    reserved: lot.reserved,
    available: lot.available,
  }));
}

const lineLabel = (line: CountLine) =>
  `"${line.name}"${line.lotCode ? ` (lot ${line.lotCode})` : ""}`;

/** The server numbers the lines it was sent (the filled ones, top to bottom): say their names. */
function namingLines(message: string, sent: CountLine[]): string {
  return message.replace(/\bline (\d+)/gi, (text, n: string) => {
    const line = sent[Number(n) - 1];
    return line ? lineLabel(line) : text;
  });
}

/**
 * The stock count: staff find products by name or SKU (a scanner typing a SKU and Enter adds it),
 * type the boxes found on the shelf (per dye lot where the product has lots), see what each count
 * will write against on hand, allocated, reserved and available, and save every count at once.
 * The server saves all of them or none, and names the line it refused.
 */
export function StockCountTab() {
  const { request } = useAdminSession();
  const client = useQueryClient();
  const toast = useToast();
  const [search, setSearch] = useState("");
  const [applied, setApplied] = useState("");
  const [lines, setLines] = useState<CountLine[]>([]);
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => setApplied(search.trim()), 250);
    return () => clearTimeout(timer);
  }, [search]);
  const found = useAdminQuery<{ products: AdminProduct[] }>(
    [...adminListKeys.products, { search: applied, count: true }],
    `/api/admin/products?limit=8&search=${encodeURIComponent(applied)}`,
    { keepPrevious: true },
  );
  const matches = applied ? (found.data?.products ?? []) : [];

  const add = async (product: AdminProduct) => {
    setError(null);
    if (lines.some((line) => line.productId === product.id)) {
      setSearch("");
      return;
    }
    try {
      const stock = await request<StockLedger>(`/api/admin/products/${product.id}/ledger?limit=1`);
      setLines((current) => [...current, ...linesOf(product, stock)]);
      setSearch("");
    } catch (e) {
      setError(errorText(e, `Could not read the stock of "${product.name}"`));
    }
  };

  // A scanner types the SKU and presses Enter: an exact SKU (or a single match) is added. It
  // presses Enter right after the last character, before the search above has run for the text,
  // so then the products are asked for here.
  const addFromSearch = async (event: FormEvent) => {
    event.preventDefault();
    const wanted = search.trim();
    if (!wanted) return;
    let candidates = applied === wanted && !found.isPlaceholderData ? found.data?.products : null;
    if (!candidates) {
      try {
        candidates = (
          await request<{ products: AdminProduct[] }>(
            `/api/admin/products?limit=8&search=${encodeURIComponent(wanted)}`,
          )
        ).products;
      } catch (e) {
        setError(errorText(e, "Could not search the products"));
        return;
      }
    }
    const exact = candidates.find((product) => product.sku?.toLowerCase() === wanted.toLowerCase());
    const pick = exact ?? (candidates.length === 1 ? candidates[0] : undefined);
    // Otherwise the list under the field shows what it found, or that nothing matches.
    if (pick) await add(pick);
  };

  const setCounted = (key: string, counted: string) =>
    setLines((current) => current.map((line) => (line.key === key ? { ...line, counted } : line)));
  const remove = (productId: number) =>
    setLines((current) => current.filter((line) => line.productId !== productId));

  const entered = lines.filter((line) => line.counted.trim() !== "");
  const invalidLine = entered.find((line) => countedBoxes(line.counted) === null);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (entered.length === 0) {
      setError("Type the boxes counted on at least one line.");
      return;
    }
    if (invalidLine) {
      setError(`${lineLabel(invalidLine)}: the count must be a whole number of boxes, 0 or more.`);
      return;
    }
    setError(null);
    setSaving(true);
    const body: StockCountBatch = {
      counts: entered.map((line) => ({
        product_id: line.productId,
        lot_id: line.lotId,
        on_hand: countedBoxes(line.counted) ?? 0,
      })),
      ...(note.trim() ? { note: note.trim() } : {}),
    };
    try {
      const result = await request<StockCountResult>("/api/admin/stock/counts", {
        method: "POST",
        body,
      });
      const changed = result.counts.filter((count) => count.difference !== 0).length;
      toast(
        `${result.counts.length} ${result.counts.length === 1 ? "count" : "counts"} saved, ${changed} changed on hand`,
      );
      const savedKeys = new Set(entered.map((line) => line.key));
      setLines((current) => current.filter((line) => !savedKeys.has(line.key)));
      setNote("");
      await Promise.all([
        client.invalidateQueries({ queryKey: adminListKeys.products }),
        client.invalidateQueries({ queryKey: ["admin", "product-ledger"] }),
        client.invalidateQueries({ queryKey: ["admin", "reorder"] }),
      ]);
    } catch (e) {
      setError(namingLines(errorText(e, "Could not save the counts"), entered));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section
      aria-label="Stock count"
      className="rounded-lg border border-stone-200 bg-white shadow-sm"
    >
      <div className="space-y-2 border-b border-stone-200 p-3">
        <h2 className="text-base font-semibold">Stock count</h2>
        <p className="text-sm text-stone-600">
          Type the boxes you find on the shelf. A count sets on hand; what open orders hold stays
          theirs, so available is the count less what they hold.
        </p>
        <form onSubmit={addFromSearch} className="relative max-w-md">
          <label className="text-sm">
            <span className="field-label">Find a product (name or SKU, or scan)</span>
            <input
              type="search"
              className="field-input py-1.5"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              autoComplete="off"
            />
          </label>
          {matches.length > 0 ? (
            <ul
              aria-label="Matching products"
              className="mt-1 divide-y divide-stone-100 rounded-md border border-stone-200"
            >
              {matches.map((product) => (
                <li key={product.id} className="flex items-center gap-2 px-3 py-1.5 text-sm">
                  <span className="min-w-0 flex-1 [overflow-wrap:anywhere]">
                    {product.name}
                    {product.sku ? (
                      <span className="ml-1 text-xs text-stone-600">({product.sku})</span>
                    ) : null}
                  </span>
                  <span className="text-xs text-stone-600 tabular-nums">
                    {product.on_hand} on hand
                  </span>
                  <button
                    type="button"
                    className="btn-outline px-2 py-1"
                    onClick={() => void add(product)}
                    aria-label={`Count ${product.name}`}
                  >
                    Add
                  </button>
                </li>
              ))}
            </ul>
          ) : applied && found.isFetching ? (
            <p className="mt-1 text-sm text-stone-600">Searching…</p>
          ) : applied && found.isError ? (
            <p role="alert" className="mt-1 text-sm text-red-700">
              {errorText(found.error, "Could not search the products")}
            </p>
          ) : applied && found.data ? (
            <p className="mt-1 text-sm text-stone-600">No product matches "{applied}".</p>
          ) : null}
        </form>
      </div>
      <form onSubmit={save}>
        {lines.length === 0 ? (
          <p className="px-3 py-10 text-center text-sm text-stone-600">
            No products in this count yet: find one above.
          </p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm" aria-label="Counts">
              <thead className="bg-stone-50 text-xs tracking-wide text-stone-600 uppercase">
                <tr>
                  <th className="px-3 py-2">Product</th>
                  <th className="px-3 py-2 text-right max-sm:hidden">On hand</th>
                  <th className="px-3 py-2 text-right max-sm:hidden">Allocated</th>
                  <th className="px-3 py-2 text-right max-sm:hidden">Reserved</th>
                  <th className="px-3 py-2 text-right max-sm:hidden">Available</th>
                  <th className="px-3 py-2 text-right">Counted</th>
                  <th className="px-3 py-2 text-right">Difference</th>
                  <th className="px-3 py-2 max-sm:hidden">
                    <span className="sr-only">Remove</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {lines.map((line, index) => {
                  const counted = countedBoxes(line.counted);
                  const held = line.allocated + line.reserved;
                  const belowHeld = counted !== null && counted < held;
                  const label = `${line.name}${line.lotCode ? `, lot ${line.lotCode}` : ""}`;
                  // One Remove per product, on its first line (beside the name on a phone).
                  const removeButton =
                    lines[index - 1]?.productId !== line.productId ? (
                      <button
                        type="button"
                        className="inline-flex min-h-6 items-center text-xs text-stone-600 underline hover:text-stone-900"
                        onClick={() => remove(line.productId)}
                        aria-label={`Remove ${line.name} from the count`}
                      >
                        Remove
                      </button>
                    ) : null;
                  return (
                    <tr key={line.key} className="border-t border-stone-100 align-top">
                      <td className="px-3 py-2">
                        <div className="font-medium [overflow-wrap:anywhere]">{line.name}</div>
                        <div className="text-xs text-stone-600">
                          {[line.sku, line.lotCode ? `Lot ${line.lotCode}` : null]
                            .filter(Boolean)
                            .join(" · ")}
                        </div>
                        <div className="text-xs text-stone-600 sm:hidden">
                          {line.onHand} on hand · {line.allocated} allocated · {line.reserved}{" "}
                          reserved · {line.available} available
                        </div>
                        <div className="sm:hidden">{removeButton}</div>
                      </td>
                      <td className="px-3 py-2 text-right tabular-nums max-sm:hidden">
                        {line.onHand}
                      </td>
                      <td className="px-3 py-2 text-right tabular-nums max-sm:hidden">
                        {line.allocated}
                      </td>
                      <td className="px-3 py-2 text-right tabular-nums max-sm:hidden">
                        {line.reserved}
                      </td>
                      <td className="px-3 py-2 text-right tabular-nums max-sm:hidden">
                        {line.available}
                      </td>
                      <td className="px-3 py-2 text-right">
                        <input
                          className="field-input ml-auto w-20 py-1 text-right"
                          inputMode="numeric"
                          aria-label={`Boxes counted: ${label}`}
                          aria-invalid={line.counted.trim() !== "" && counted === null}
                          value={line.counted}
                          onChange={(e) => setCounted(line.key, e.target.value)}
                        />
                        {belowHeld ? (
                          <p className="mt-1 text-xs text-red-700">Open orders hold {held}</p>
                        ) : null}
                      </td>
                      <td
                        className="px-3 py-2 text-right font-semibold tabular-nums"
                        data-testid={`difference-${line.key}`}
                      >
                        {counted === null ? "—" : signed(counted - line.onHand)}
                      </td>
                      <td className="px-3 py-2 text-right max-sm:hidden">{removeButton}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
        <div className="flex flex-wrap items-end gap-2 border-t border-stone-200 p-3">
          <label className="min-w-0 flex-1 text-sm">
            <span className="field-label">Note (the ledger's reference)</span>
            <input
              className="field-input py-1.5"
              maxLength={200}
              placeholder="Stock count"
              value={note}
              onChange={(e) => setNote(e.target.value)}
            />
          </label>
          <button
            type="submit"
            className="btn-primary py-1.5"
            disabled={saving || lines.length === 0}
          >
            {saving ? "Saving…" : "Save counts"}
          </button>
        </div>
        {error ? (
          <p role="alert" className="px-3 pb-3 text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </form>
    </section>
  );
}
