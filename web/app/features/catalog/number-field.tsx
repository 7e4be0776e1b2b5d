/**
 * A labelled number box of the coverage calculator: never negative; `whole` for counts (doorways,
 * steps), else any decimal (feet, square feet). The text is kept as typed; callers read it.
 */
export function NumberField({
  id,
  label,
  value,
  onChange,
  whole = false,
  max,
  className,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  whole?: boolean;
  max?: number;
  className?: string;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input
        id={id}
        type="number"
        inputMode={whole ? "numeric" : "decimal"}
        min="0"
        max={max}
        step={whole ? "1" : "any"}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="field-input"
      />
    </div>
  );
}
