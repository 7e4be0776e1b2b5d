import { displayType } from "@mcf/contracts/business";
import type { ProductFacets } from "@mcf/contracts/product";
import { featureLabel } from "@mcf/contracts/product-features";
import { productPriceBounds } from "@mcf/contracts/product-options";
import { minRatingFilters } from "@mcf/contracts/reviews-options";
import { collectionDisplayName } from "@mcf/contracts/store-settings-format";
import { type FormEvent, useId, useState } from "react";
import { useStoreDetails } from "../../lib/store-details.ts";
import {
  type FilterKey,
  type ListParams,
  listHref,
  parseListParams,
  refinementCount,
} from "./list-params.ts";

const filterLabels: Record<FilterKey, { label: string; all: string; facet: keyof ProductFacets }> =
  {
    type: { label: "Type", all: "All types", facet: "types" },
    brand: { label: "Brand", all: "All brands", facet: "brands" },
    collection: { label: "Collection", all: "All collections", facet: "collections" },
    construction: { label: "Construction", all: "All constructions", facet: "constructions" },
    style_color: { label: "Color", all: "All colors", facet: "style_colors" },
  };

export const sortLabels = {
  name_asc: "Name (A-Z)",
  price_asc: "Price: Low to High",
  price_desc: "Price: High to Low",
  relevance: "Best match",
  rating_desc: "Top rated",
} as const;

const perPageLabels: [number, string][] = [
  [25, "25"],
  [50, "50"],
  [75, "75"],
  [100, "100"],
  [200, "200"],
  [-1, "All"],
];

export interface ProductFiltersProps {
  params: ListParams;
  facets: ProductFacets;
  /** Called with the new state; filters changing go back to page 1. */
  onChange: (next: ListParams) => void;
  /** Filters this screen does not offer (e.g. one it fixes itself). */
  hidden?: FilterKey[];
}

function readForm(form: HTMLFormElement): ListParams {
  const search = new URLSearchParams();
  for (const [key, value] of new FormData(form)) {
    // Feature checkboxes share one name; every other field sends one value.
    if (typeof value === "string" && value.trim() !== "") search.append(key, value);
  }
  return { ...parseListParams(search), page: 1 };
}

/**
 * The list's controls: search, filter dropdowns, price range per sq ft, sort and per-page.
 * A plain GET form (works without JavaScript); with JavaScript, dropdowns apply at once.
 * On a phone the search stays in view and the rest folds behind a "Filters & sort" toggle (a
 * checkbox, so it works before hydration too); from `md` up everything is shown.
 */
export function ProductFilters({ params, facets, onChange, hidden = [] }: ProductFiltersProps) {
  const store = useStoreDetails();
  const id = useId();
  const [panelOpen, setPanelOpen] = useState(false);
  // The features stay unfolded once opened, across the list's navigations (the form remounts).
  const [featuresOpen, setFeaturesOpen] = useState(params.features.length > 0);
  const refinements = refinementCount(params);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onChange(readForm(event.currentTarget));
  };
  const applyNow = (event: { currentTarget: HTMLSelectElement | HTMLInputElement }) => {
    const form = event.currentTarget.form;
    if (form) onChange(readForm(form));
  };
  const shownFilters = (Object.keys(filterLabels) as FilterKey[]).filter(
    (key) => !hidden.includes(key),
  );
  // A feature the link chose stays on the panel even when no product has it any more.
  const shownFeatures =
    facets.features.length > 0
      ? [...facets.features, ...params.features.filter((f) => !facets.features.includes(f))]
      : [];

  return (
    <form
      key={listHref(params)}
      method="get"
      onSubmit={submit}
      id="product-filters"
      aria-label="Product filters"
      className="space-y-4 rounded-lg border border-stone-200 bg-cream/60 p-4 sm:p-5"
    >
      {/* A filter the screen does not offer still keeps the value the URL gave it. */}
      {hidden
        .filter((key) => params[key] !== "")
        .map((key) => (
          <input key={key} type="hidden" name={key} value={params[key]} />
        ))}
      <div className="flex gap-2">
        <label htmlFor={`${id}-q`} className="sr-only">
          Search products
        </label>
        <input
          id={`${id}-q`}
          name="q"
          type="search"
          defaultValue={params.q}
          placeholder="Search by name, brand, collection, color or type"
          className="field-input"
          maxLength={200}
        />
        <button type="submit" className="btn-dark shrink-0">
          Search
        </button>
      </div>

      <input
        id={`${id}-toggle`}
        type="checkbox"
        className="peer sr-only md:hidden"
        checked={panelOpen}
        onChange={(event) => setPanelOpen(event.currentTarget.checked)}
        aria-controls={`${id}-panel`}
      />
      <label
        htmlFor={`${id}-toggle`}
        className="btn-outline w-full cursor-pointer bg-white peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-oak-500 md:hidden"
      >
        <span>{panelOpen ? "Hide filters & sort" : "Filters & sort"}</span>
        {refinements > 0 ? (
          <span className="rounded-full bg-navy-800 px-2 py-0.5 text-xs text-white">
            {refinements} active
          </span>
        ) : null}
      </label>
      <div id={`${id}-panel`} className="hidden space-y-4 peer-checked:block md:block">
        <div className="grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-5">
          {shownFilters.map((key) => {
            const { label, all, facet } = filterLabels[key];
            const options = facets[facet];
            const current = params[key];
            return (
              <div key={key}>
                <label htmlFor={`${id}-${key}`} className="field-label">
                  {label}
                </label>
                <select
                  id={`${id}-${key}`}
                  name={key}
                  defaultValue={current}
                  onChange={applyNow}
                  className="field-input"
                >
                  <option value="">{all}</option>
                  {current && !options.includes(current) ? (
                    <option value={current}>{current}</option>
                  ) : null}
                  {options.map((value) => (
                    <option key={value} value={value}>
                      {key === "type"
                        ? displayType(value)
                        : key === "collection"
                          ? collectionDisplayName(store.collection_names, value)
                          : value}
                    </option>
                  ))}
                </select>
              </div>
            );
          })}
          <div>
            <label htmlFor={`${id}-rating`} className="field-label">
              Rating
            </label>
            <select
              id={`${id}-rating`}
              name="min_rating"
              defaultValue={params.min_rating > 0 ? String(params.min_rating) : ""}
              onChange={applyNow}
              className="field-input"
            >
              <option value="">Any rating</option>
              {minRatingFilters.map((stars) => (
                <option key={stars} value={stars}>
                  {stars} stars &amp; up
                </option>
              ))}
            </select>
          </div>
        </div>

        {shownFeatures.length > 0 ? (
          // Folded until asked for (or a feature is chosen), so the first screen shows products.
          <details
            open={featuresOpen || params.features.length > 0}
            onToggle={(event) => setFeaturesOpen(event.currentTarget.open)}
            className="group"
          >
            <summary className="field-label inline-flex cursor-pointer items-center gap-2 rounded-md py-1 select-none focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-oak-500">
              <span
                aria-hidden="true"
                className="inline-block transition-transform group-open:rotate-90"
              >
                ▸
              </span>
              Features
              {params.features.length > 0 ? (
                <span className="rounded-full bg-navy-800 px-2 py-0.5 text-xs text-white">
                  {params.features.length} chosen
                </span>
              ) : null}
            </summary>
            <fieldset className="mt-2">
              <legend className="sr-only">Features</legend>
              <div className="flex flex-wrap gap-2">
                {shownFeatures.map((feature) => (
                  <label
                    key={feature}
                    className="flex cursor-pointer items-center gap-2 rounded-full border border-stone-300 bg-white px-3 py-1.5 text-sm font-medium text-stone-800 has-checked:border-navy-800 has-checked:bg-navy-800 has-checked:text-white has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-oak-500"
                  >
                    <input
                      type="checkbox"
                      name="feature"
                      value={feature}
                      defaultChecked={params.features.includes(feature)}
                      onChange={applyNow}
                      className="h-4 w-4 accent-oak-600"
                    />
                    {featureLabel(feature)}
                  </label>
                ))}
              </div>
            </fieldset>
          </details>
        ) : null}

        <div className="grid grid-cols-2 gap-3 md:grid-cols-[1fr_1fr_auto_1fr_1fr] md:items-end">
          <div>
            <label htmlFor={`${id}-min`} className="field-label">
              Min price ($/sq ft)
            </label>
            <input
              id={`${id}-min`}
              name="min_price"
              type="number"
              inputMode="decimal"
              min={productPriceBounds.min}
              max={productPriceBounds.max}
              step="0.01"
              defaultValue={params.min_price}
              className="field-input"
            />
          </div>
          <div>
            <label htmlFor={`${id}-max`} className="field-label">
              Max price ($/sq ft)
            </label>
            <input
              id={`${id}-max`}
              name="max_price"
              type="number"
              inputMode="decimal"
              min={productPriceBounds.min}
              max={productPriceBounds.max}
              step="0.01"
              defaultValue={params.max_price}
              className="field-input"
            />
          </div>
          <button type="submit" className="btn-outline col-span-2 md:col-span-1">
            Apply price
          </button>
          <div>
            <label htmlFor={`${id}-sort`} className="field-label">
              Sort by
            </label>
            <select
              id={`${id}-sort`}
              name="sort"
              defaultValue={params.sort}
              onChange={applyNow}
              className="field-input"
            >
              {Object.entries(sortLabels)
                // Best match means something only for a search.
                .filter(([value]) => value !== "relevance" || params.q || params.sort === value)
                .map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${id}-per-page`} className="field-label">
              Per page
            </label>
            <select
              id={`${id}-per-page`}
              name="per_page"
              defaultValue={String(params.per_page)}
              onChange={applyNow}
              className="field-input"
            >
              {perPageLabels.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
        </div>
      </div>
    </form>
  );
}
