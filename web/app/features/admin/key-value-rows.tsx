import type { KeyValueRow } from "./product-form-fields.ts";

/** Editable name/value rows (features, specifications) with add and remove. */
export function KeyValueRows({
  label,
  rows,
  onChange,
}: {
  label: string;
  rows: KeyValueRow[];
  onChange: (rows: KeyValueRow[]) => void;
}) {
  const edit = (index: number, change: Partial<KeyValueRow>) =>
    onChange(rows.map((r, i) => (i === index ? { ...r, ...change } : r)));
  return (
    <fieldset className="space-y-2">
      <legend className="field-label">{label}</legend>
      {rows.map((row, index) => (
        <div key={index} className="flex gap-2">
          <input
            aria-label={`${label} name ${index + 1}`}
            className="field-input py-1.5"
            placeholder="Name"
            value={row.key}
            onChange={(e) => edit(index, { key: e.target.value })}
          />
          <input
            aria-label={`${label} value ${index + 1}`}
            className="field-input py-1.5"
            placeholder="Value"
            value={row.value}
            onChange={(e) => edit(index, { value: e.target.value })}
          />
          <button
            type="button"
            className="rounded px-2 text-stone-600 hover:bg-stone-100"
            aria-label={`Remove ${label.toLowerCase()} row ${index + 1}`}
            onClick={() => onChange(rows.filter((_, i) => i !== index))}
          >
            ×
          </button>
        </div>
      ))}
      <button
        type="button"
        className="text-sm font-semibold text-oak-700 hover:underline"
        onClick={() => onChange([...rows, { key: "", value: "" }])}
      >
        + Add {label.toLowerCase().replace(/s$/, "")}
      </button>
    </fieldset>
  );
}
