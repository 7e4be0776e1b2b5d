import { unitName } from "@mcf/contracts/accessories";
import type { AdminProduct } from "@mcf/contracts/product";
import { useState } from "react";
import { capitalize } from "./admin-format.ts";
import type { AdminColumn } from "./admin-table.tsx";
import { type InlineField, InlineNumberCell } from "./inline-number-cell.tsx";
import type { ProductSortKey } from "./product-sort.ts";

/**
 * What the two partner-price columns mean: their names are fixed, and do not say which one
 * partners pay (the pricing reads ace_shown_price; ace_price is never shown to anyone).
 */
const aceColumnHints = {
  ace_price: "ACE Price: internal only, never shown to partners",
  ace_shown_price: "ACE Shown Price: what ACE partners pay (their “ACE Price”)",
} as const;

/** The products table's columns; prices and stock are edited in place. */
export function productColumns({
  onSaved,
  onToggleCloseout,
  closeoutError,
  onEdit,
}: {
  onSaved: (product: AdminProduct) => void;
  onToggleCloseout: (product: AdminProduct, value: boolean) => void;
  /** The product whose closeout change was refused, if any. */
  closeoutError: number | null;
  onEdit: (product: AdminProduct) => void;
}): Array<AdminColumn<AdminProduct, ProductSortKey>> {
  const numberColumn = (
    field: InlineField,
    header: string,
    sortKey?: ProductSortKey,
    hideOnPhone = false,
    withUnit = false,
    cellLabel = header,
  ): AdminColumn<AdminProduct, ProductSortKey> => ({
    header,
    sortKey,
    hideOnPhone,
    align: "right",
    cellClassName: "px-1 py-1",
    cell: (product) => (
      <InlineNumberCell
        product={product}
        field={field}
        label={cellLabel}
        unit={withUnit ? priceUnit(product) : undefined}
        onSaved={onSaved}
      />
    ),
  });
  // Long names wrap rather than being cut: staff must be able to read every one whole.
  const wrapped = "max-w-[8rem] break-words px-2 py-1.5";
  return [
    {
      header: "Name",
      sortKey: "name",
      cellClassName: "max-w-[13rem] break-words px-2 py-1.5",
      cell: (product) => (
        <>
          <div className="font-medium">{product.name}</div>
          {product.sku ? <div className="text-xs text-stone-600">{product.sku}</div> : null}
        </>
      ),
    },
    {
      header: "Type",
      sortKey: "type",
      hideOnPhone: true,
      phoneText: (product) => capitalize(product.type ?? "") || "—",
      cell: (product) => capitalize(product.type ?? ""),
    },
    {
      header: "Brand",
      sortKey: "brand",
      hideOnPhone: true,
      phoneText: (product) => product.brand || "—",
      cellClassName: wrapped,
      cell: (product) => product.brand,
    },
    {
      header: "Collection",
      sortKey: "collection",
      hideOnPhone: true,
      phoneText: (product) => product.collection || "—",
      cellClassName: wrapped,
      cell: (product) => product.collection,
    },
    // The header names the floors' unit; each cell names its own (a roll, a pail) to screen readers.
    numberColumn("our_price", "Our Price (sq/ft)", "our_price", false, true, "Our Price"),
    // On a phone the partner and competitor prices, and the closeout box, are in the editor.
    {
      ...numberColumn("ace_price", "ACE Price", undefined, true),
      headerTitle: aceColumnHints.ace_price,
    },
    {
      ...numberColumn("ace_shown_price", "ACE Shown Price", undefined, true),
      headerTitle: aceColumnHints.ace_shown_price,
    },
    numberColumn("competitor_price", "Competitor Price", "competitor_price", true),
    numberColumn("stock_quantity", "Stock", "stock_quantity"),
    {
      header: "Closeout",
      sortKey: "is_closeout",
      hideOnPhone: true,
      cellClassName: "px-2 py-1.5 text-center whitespace-nowrap",
      cell: (product) => (
        <>
          <CloseoutBox product={product} onToggle={onToggleCloseout} />
          {closeoutError === product.id ? (
            <span className="ml-1 text-xs text-red-700">Not saved</span>
          ) : null}
        </>
      ),
    },
    {
      header: "Edit",
      cellClassName: "px-2 py-1.5",
      cell: (product) => (
        <button
          type="button"
          className="btn-outline px-2 py-1 sm:px-3"
          aria-label={`Edit ${product.name}`}
          onClick={() => onEdit(product)}
        >
          Edit
        </button>
      ),
    },
  ];
}

/** What `our_price` prices: a sq ft of flooring, or one accessory unit (decision 083). */
function priceUnit(product: AdminProduct): { short: string; label: string } {
  if (product.selling_unit === "box") return { short: "sq ft", label: "sq/ft" };
  const unit = unitName(product.selling_unit, 1);
  return { short: unit, label: `per ${unit}` };
}

/**
 * The closeout box ticks in the same render as the click: the list's cached row changes a moment
 * later (the query cache tells the table on its next tick), and a box that waited for it would
 * spring back in between. A new stored value (saved, refused, or edited elsewhere) replaces it.
 */
function CloseoutBox({
  product,
  onToggle,
}: {
  product: AdminProduct;
  onToggle: (product: AdminProduct, value: boolean) => void;
}) {
  const [checked, setChecked] = useState(product.is_closeout);
  const [stored, setStored] = useState(product.is_closeout);
  if (stored !== product.is_closeout) {
    setStored(product.is_closeout);
    setChecked(product.is_closeout);
  }
  return (
    <input
      type="checkbox"
      aria-label={`Closeout: ${product.name}`}
      checked={checked}
      onChange={(e) => {
        setChecked(e.target.checked);
        onToggle(product, e.target.checked);
      }}
    />
  );
}
