import type { AdminProduct } from "@mcf/contracts/product";
import { type KeyboardEvent, useEffect, useId, useState } from "react";
import { isAbortError } from "../../lib/api.ts";
import { useAdminSession } from "./admin-session.tsx";

/** Wait this long after the last keystroke before searching the catalogue. */
const typingPauseMs = 200;
/** Enough matches to pick from without scrolling a long list. */
const matchLimit = 8;

type Match = Pick<AdminProduct, "id" | "name" | "sku">;

const matchLabel = (match: Match) =>
  `${match.name}${match.sku ? ` · SKU ${match.sku}` : ""} · #${match.id}`;

/**
 * A material line's product: staff type a name or SKU and pick one of the catalogue's matches
 * (the admin products search), in the ARIA combobox pattern: Down/Up move through the matches,
 * Enter picks, Escape closes. The line keeps the product's number; the box shows what was picked.
 */
export function MaterialProductPicker({
  label,
  productId,
  productName,
  onPick,
}: {
  label: string;
  productId: string;
  productName: string;
  onPick: (product: { id: string; name: string }) => void;
}) {
  const { request } = useAdminSession();
  const id = useId();
  const listId = `${id}-matches`;
  // What staff typed since the last pick (null: the box shows the line's product).
  const [query, setQuery] = useState<string | null>(null);
  const text = query ?? (productName || (productId ? `#${productId}` : ""));
  const [matches, setMatches] = useState<Match[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState<"idle" | "loading" | "failed">("idle");

  useEffect(() => {
    const search = query?.trim() ?? "";
    if (search === "") {
      setMatches([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setStatus("loading");
      request<{ products: AdminProduct[] }>(
        `/api/admin/products?limit=${matchLimit}&offset=0&search=${encodeURIComponent(search)}`,
        { signal: controller.signal },
      )
        .then(({ products }) => {
          setMatches(products.map(({ id: pid, name, sku }) => ({ id: pid, name, sku })));
          setActive(-1);
          setStatus("idle");
        })
        .catch((error: unknown) => {
          if (!isAbortError(error)) setStatus("failed");
        });
    }, typingPauseMs);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [query, request]);

  const pick = (match: Match) => {
    setQuery(null);
    setOpen(false);
    onPick({ id: String(match.id), name: match.name });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (matches.length === 0) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((current) => (current + step + matches.length) % matches.length);
    } else if (event.key === "Enter" && query !== null) {
      // While staff search, Enter picks the highlighted match and never sends the estimate.
      event.preventDefault();
      const match = matches[active];
      if (open && match) pick(match);
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      setOpen(false);
    }
  };

  const showList = open && query !== null && query.trim() !== "" && status !== "loading";
  const hint =
    status === "failed"
      ? "Search failed: try again"
      : status === "loading"
        ? "Searching…"
        : productId
          ? `Product #${productId}`
          : "Type a name or SKU";

  return (
    <div className="relative min-w-0">
      <input
        type="text"
        role="combobox"
        aria-label={label}
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
        aria-describedby={`${id}-hint`}
        autoComplete="off"
        placeholder="Product name or SKU"
        className="field-input w-full py-1"
        value={text}
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
          // A changed search leaves the line without a product until one is picked.
          if (productId) onPick({ id: "", name: "" });
        }}
        onKeyDown={onKeyDown}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
      />
      <p
        id={`${id}-hint`}
        aria-live="polite"
        className={`mt-0.5 text-xs ${status === "failed" ? "text-red-700" : "text-stone-600"}`}
      >
        {hint}
      </p>
      <div
        id={listId}
        role="listbox"
        aria-label="Matching products"
        hidden={!showList}
        className="absolute right-0 left-0 z-20 mt-1 max-h-72 overflow-y-auto rounded-md border border-stone-200 bg-white py-1 shadow-lg"
      >
        {matches.length === 0 ? (
          <p className="px-3 py-2 text-sm text-stone-600">No product matches “{text.trim()}”</p>
        ) : (
          matches.map((match, index) => (
            <div
              key={match.id}
              id={`${listId}-${index}`}
              role="option"
              tabIndex={-1}
              aria-selected={index === active}
              className={`cursor-pointer px-3 py-2 text-sm ${
                index === active ? "bg-navy-50 text-navy-900" : "text-stone-800"
              }`}
              // Picked before the input's blur closes the list.
              onMouseDown={(event) => {
                event.preventDefault();
                pick(match);
              }}
            >
              {matchLabel(match)}
            </div>
          ))
        )}
      </div>
    </div>
  );
}
