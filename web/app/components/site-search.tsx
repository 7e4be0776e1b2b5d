import { unitName } from "@mcf/contracts/accessories";
import { formatUsd } from "@mcf/contracts/money";
import type { SearchSuggestion, SearchSuggestResponse } from "@mcf/contracts/product";
import { useEffect, useId, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { api, isAbortError } from "../lib/api.ts";
import { SearchIcon } from "./icons.tsx";

/** A floor's price per sq ft, an accessory's price per roll, pail or piece. */
function suggestionPrice(suggestion: SearchSuggestion): string {
  if (suggestion.selling_unit !== undefined && suggestion.selling_unit !== "box")
    return suggestion.unit_price == null
      ? "Contact for price"
      : `${formatUsd(suggestion.unit_price)}/${unitName(suggestion.selling_unit, 1)}`;
  return suggestion.price_per_sqft === null
    ? "Contact for price"
    : `${formatUsd(suggestion.price_per_sqft)}/sq ft`;
}

/** Wait this long after the last keystroke before asking for suggestions. */
const typingPauseMs = 150;

/**
 * The header's search box: a plain form to /products?q= (works before the page's scripts run),
 * and, once they do, suggestions as the shopper types in the ARIA combobox pattern: Down/Up move
 * through them, Enter opens the one chosen (or searches), Escape closes the list and then clears.
 */
export function SiteSearch({ className = "" }: { className?: string }) {
  const id = useId();
  const listId = `${id}-suggestions`;
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [text, setText] = useState("");
  const [suggestions, setSuggestions] = useState<SearchSuggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [announcement, setAnnouncement] = useState("");

  // Going to another page closes the list.
  useEffect(() => {
    setOpen(false);
    setActive(-1);
  }, [pathname, search]);

  useEffect(() => {
    const query = text.trim();
    if (query === "") {
      setSuggestions([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api<SearchSuggestResponse>(`/api/search/suggest?q=${encodeURIComponent(query)}`, {
        signal: controller.signal,
      })
        .then(({ suggestions: found }) => {
          setSuggestions(found);
          setActive(-1);
          setOpen(true);
          setAnnouncement(
            found.length === 0
              ? "No suggestions"
              : `${found.length} suggestion${found.length === 1 ? "" : "s"} available; use the up and down arrows to choose`,
          );
        })
        .catch((error: unknown) => {
          // Suggestions are a help, not the search: without them, Enter still searches.
          if (!isAbortError(error)) setSuggestions([]);
        });
    }, typingPauseMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text]);

  const showList = open && text.trim() !== "" && suggestions.length > 0;

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (suggestions.length === 0) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((current) => {
        const next = current + step;
        if (next < -1) return suggestions.length - 1;
        if (next >= suggestions.length) return -1;
        return next;
      });
    } else if (event.key === "Escape") {
      if (showList) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      } else if (text) {
        event.preventDefault();
        setText("");
      }
    } else if (event.key === "Enter" && showList && active >= 0) {
      const chosen = suggestions[active];
      if (!chosen) return;
      event.preventDefault();
      setOpen(false);
      navigate(chosen.url);
    }
  };

  return (
    <search className={`relative ${className}`}>
      <form
        action="/products"
        method="get"
        onSubmit={(event) => {
          event.preventDefault();
          const query = text.trim();
          setOpen(false);
          navigate(query ? `/products?q=${encodeURIComponent(query)}&sort=relevance` : "/products");
        }}
      >
        <label htmlFor={`${id}-input`} className="sr-only">
          Search flooring
        </label>
        <div className="relative">
          <input
            id={`${id}-input`}
            name="q"
            // type="text": the HTML standard allows role="combobox" there, not on type="search".
            type="text"
            enterKeyHint="search"
            role="combobox"
            aria-expanded={showList}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
            autoComplete="off"
            maxLength={200}
            placeholder="Search flooring"
            className="h-10 w-full rounded-md border border-stone-300 bg-white pr-3 pl-9 text-sm text-stone-900 placeholder:text-stone-500 focus:border-navy-700 focus:ring-2 focus:ring-navy-700/30 focus:outline-none"
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onKeyDown}
            onFocus={() => setOpen(true)}
            onBlur={() => setOpen(false)}
          />
          <SearchIcon className="pointer-events-none absolute top-1/2 left-2.5 h-5 w-5 -translate-y-1/2 text-stone-500" />
        </div>
        {/* A search from here lists its best matches first (the list's own default is by name). */}
        <input type="hidden" name="sort" value="relevance" />
        <div
          id={listId}
          role="listbox"
          aria-label="Suggestions"
          hidden={!showList}
          className="absolute right-0 left-0 z-50 mt-1 max-h-96 xl:left-auto xl:w-[28rem] overflow-y-auto rounded-md border border-stone-200 bg-white py-1 shadow-lg"
        >
          {suggestions.map((suggestion, index) => (
            <div
              key={suggestion.id}
              tabIndex={-1}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              className={`flex cursor-pointer items-baseline justify-between gap-3 px-3 py-2 text-sm ${
                index === active ? "bg-navy-50 text-navy-900" : "text-stone-800"
              }`}
              // Chosen before the input's blur closes the list.
              onMouseDown={(event) => {
                event.preventDefault();
                setOpen(false);
                navigate(suggestion.url);
              }}
            >
              <span>
                <span className="font-medium">{suggestion.name}</span>
                {suggestion.type ? (
                  <span className="ml-2 text-xs text-stone-500 capitalize">{suggestion.type}</span>
                ) : null}
              </span>
              <span className="shrink-0 text-xs text-stone-600">{suggestionPrice(suggestion)}</span>
            </div>
          ))}
        </div>
        <p className="sr-only" aria-live="polite">
          {announcement}
        </p>
      </form>
    </search>
  );
}
