import type { AdminProduct } from "@mcf/contracts/product";
import { type KeyboardEvent, useState } from "react";
import { useAdminSession } from "./admin-session.tsx";

export type InlineField =
  | "our_price"
  | "ace_price"
  | "ace_shown_price"
  | "competitor_price"
  | "stock_quantity";
type CellState = "saving" | "saved" | "failed";

const text = (value: number | null) => (value === null ? "" : String(value));

/**
 * A price or stock cell that saves on blur or Enter and shows saved / failed; Escape undoes. The
 * stock cell shows and saves on hand (a count); available is shown in the product editor.
 * `unit`, when given, is shown after the box ("/ roll") and named in its label.
 */
export function InlineNumberCell({
  product,
  field,
  label,
  unit,
  onSaved,
}: {
  product: AdminProduct;
  field: InlineField;
  label: string;
  unit?: { short: string; label: string };
  onSaved: (product: AdminProduct) => void;
}) {
  const { request } = useAdminSession();
  // Stock is edited as a count of the boxes in the building (on hand); what open orders hold
  // stays theirs, and the server works out what is available.
  const current = field === "stock_quantity" ? product.on_hand : product[field];
  const [value, setValue] = useState(text(current));
  const [state, setState] = useState<CellState | null>(null);
  const [error, setError] = useState<string | null>(null);
  // A new stored value (saved here, in the editor or by an import) replaces what is typed.
  const [shown, setShown] = useState(current);
  if (shown !== current) {
    setShown(current);
    setValue(text(current));
  }
  const integer = field === "stock_quantity";

  const save = async () => {
    const trimmed = value.trim();
    const next = trimmed === "" ? (integer ? 0 : null) : Number(trimmed);
    if (next !== null && Number.isNaN(next)) {
      setState("failed");
      setError("Not a number");
      return;
    }
    if (next === current) return;
    setState("saving");
    try {
      const saved = await request<AdminProduct>(`/api/admin/products/${product.id}`, {
        method: "PATCH",
        body: { [field]: next },
      });
      onSaved(saved);
      setState("saved");
      setError(null);
      setTimeout(() => setState((s) => (s === "saved" ? null : s)), 2000);
    } catch (e) {
      setState("failed");
      setError(e instanceof Error ? e.message : "Not saved");
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") {
      event.preventDefault();
      event.currentTarget.blur();
    }
    if (event.key === "Escape") setValue(text(current));
  };

  const border =
    state === "failed"
      ? "border-red-500 bg-red-50"
      : state === "saved"
        ? "border-green-600 bg-green-50"
        : "border-transparent hover:border-stone-300";
  return (
    <div className="flex items-center gap-1">
      {/* A text box, not type=number: a thousand number boxes (each with its spin buttons) lay out
          several times slower, and a mouse wheel over one would change a price by accident. */}
      <input
        type="text"
        inputMode={integer ? "numeric" : "decimal"}
        aria-label={`${label}${unit ? ` (${unit.label})` : ""} for ${product.name}`}
        aria-invalid={state === "failed"}
        title={error ?? undefined}
        className={`w-[3.75rem] rounded border sm:w-[4.75rem] px-1 py-1 text-right tabular-nums focus:border-oak-500 focus:outline-none ${border}`}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        onBlur={save}
        onKeyDown={onKeyDown}
      />
      {unit ? (
        <span className="text-xs whitespace-nowrap text-stone-600" aria-hidden="true">
          / {unit.short}
        </span>
      ) : null}
      <span className="w-4 text-xs" aria-live="polite">
        {state === "saving" ? <span className="text-stone-600">…</span> : null}
        {state === "saved" ? (
          <span className="text-green-700" title="Saved">
            ✓<span className="sr-only">Saved</span>
          </span>
        ) : null}
        {state === "failed" ? (
          <span className="text-red-700" title={error ?? "Not saved"}>
            !<span className="sr-only">Not saved: {error}</span>
          </span>
        ) : null}
      </span>
    </div>
  );
}
