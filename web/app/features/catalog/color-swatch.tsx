/** A colour code staff typed that CSS can show safely: #rgb, #rrggbb (with or without alpha). */
const hexColor = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/**
 * The product's colour as a swatch beside its name, where the product has a colour code. The
 * name is the text; the swatch is decoration, so it is hidden from screen readers.
 */
export function ColorSwatch({
  colorCode,
  colorName,
  className = "",
}: {
  colorCode: string | null;
  colorName: string | null;
  className?: string;
}) {
  const code = colorCode?.trim() ?? "";
  if (!hexColor.test(code) || !colorName) return null;
  return (
    <p className={`color-swatch ${className}`}>
      <span
        aria-hidden="true"
        data-testid="color-swatch"
        className="color-swatch-dot"
        style={{ backgroundColor: code }}
      />
      <span>{colorName}</span>
    </p>
  );
}
