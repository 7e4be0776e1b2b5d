import { useEffect, useState } from "react";

export interface QuantityStepperProps {
  quantity: number;
  /** The product name, for the buttons' and field's accessible names. */
  productName: string;
  onChange(quantity: number): void;
  /** Show a typeable field between the buttons (the full cart); else the number only. */
  editable?: boolean;
}

/** Whole boxes, minimum 1: the minus button is disabled at 1 and non-numeric input becomes 1. */
export function QuantityStepper({
  quantity,
  productName,
  onChange,
  editable = false,
}: QuantityStepperProps) {
  const [draft, setDraft] = useState(String(quantity));
  useEffect(() => setDraft(String(quantity)), [quantity]);

  const commit = (text: string) => {
    const parsed = Number.parseInt(text, 10);
    const next = Number.isFinite(parsed) && parsed >= 1 ? parsed : 1;
    setDraft(String(next));
    if (next !== quantity) onChange(next);
  };

  const buttonClass =
    "flex h-9 w-9 items-center justify-center text-lg font-semibold text-navy-800 hover:bg-stone-100 disabled:cursor-not-allowed disabled:text-stone-300 disabled:hover:bg-transparent";

  return (
    <div className="inline-flex items-center overflow-hidden rounded-md border border-stone-300 bg-white">
      <button
        type="button"
        className={buttonClass}
        aria-label={`Decrease quantity of ${productName}`}
        disabled={quantity <= 1}
        onClick={() => onChange(quantity - 1)}
      >
        −
      </button>
      {editable ? (
        <input
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          aria-label={`Quantity of ${productName}`}
          className="h-9 w-14 border-x border-stone-300 text-center text-sm [appearance:textfield] focus:outline-none focus:ring-2 focus:ring-oak-500/40 [&::-webkit-inner-spin-button]:appearance-none"
          value={draft}
          onChange={(event) => {
            setDraft(event.target.value);
            const parsed = Number.parseInt(event.target.value, 10);
            if (Number.isFinite(parsed) && parsed >= 1) onChange(parsed);
          }}
          onBlur={(event) => commit(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter") commit(event.currentTarget.value);
          }}
        />
      ) : (
        <span className="min-w-9 px-1 text-center text-sm font-semibold">
          <span className="sr-only">Quantity </span>
          {quantity}
        </span>
      )}
      <button
        type="button"
        className={buttonClass}
        aria-label={`Increase quantity of ${productName}`}
        onClick={() => onChange(quantity + 1)}
      >
        +
      </button>
    </div>
  );
}
