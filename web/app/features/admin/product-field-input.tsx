import { productTypes } from "@mcf/contracts/business";
import { capitalize } from "./admin-format.ts";
import { type FieldSpec, numericKinds } from "./product-form-fields.ts";

/** One labelled field of the product editor: text, long text, the type select or a number. */
export function ProductFieldInput({
  field,
  value,
  onChange,
}: {
  field: FieldSpec;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = `product-${field.name}`;
  const wide =
    field.kind === "textarea" || field.name === "name" || field.name.endsWith("image_url");
  const numeric = numericKinds.has(field.kind);
  return (
    <div className={wide ? "col-span-2" : ""}>
      <label htmlFor={id} className="field-label">
        {field.label}
        {field.name === "name" ? (
          <span aria-hidden="true" className="text-brick-600">
            {" *"}
          </span>
        ) : null}
      </label>
      {field.kind === "textarea" ? (
        <textarea
          id={id}
          rows={3}
          className="field-input py-1.5"
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      ) : field.kind === "choice" && field.choices ? (
        <select
          id={id}
          className="field-input py-1.5"
          value={value}
          onChange={(e) => onChange(e.target.value)}
        >
          {field.choices.optional ? <option value="">—</option> : null}
          {field.choices.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ) : field.kind === "type" ? (
        <select
          id={id}
          className="field-input py-1.5"
          value={value}
          onChange={(e) => onChange(e.target.value)}
        >
          <option value="">—</option>
          {productTypes.map((t) => (
            <option key={t} value={t}>
              {capitalize(t)}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={id}
          className="field-input py-1.5"
          required={field.name === "name"}
          data-autofocus={field.name === "name" ? true : undefined}
          type={numeric ? "number" : "text"}
          step={field.kind === "integer" ? 1 : field.kind === "money" ? 0.01 : "any"}
          min={numeric ? 0 : undefined}
          inputMode={field.kind === "integer" ? "numeric" : numeric ? "decimal" : undefined}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </div>
  );
}
