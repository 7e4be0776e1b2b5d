import { finalSaleAcknowledgement } from "@mcf/contracts/returns-options";

/**
 * Closeouts are final sale: a cart holding any asks the shopper to tick this before paying (the
 * server refuses the payment without it).
 */
export function FinalSaleAcknowledgement({
  productNames,
  checked,
  onChange,
}: {
  productNames: string[];
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="rounded-md border border-amber-300 bg-amber-50 p-4 text-sm">
      <p className="mb-2 font-semibold text-navy-800">Final sale: {productNames.join(", ")}</p>
      <label className="flex items-start gap-2">
        <input
          type="checkbox"
          required
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          className="mt-0.5"
        />
        <span>{finalSaleAcknowledgement}</span>
      </label>
    </div>
  );
}
