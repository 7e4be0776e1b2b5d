/** A changed value as staff read it: ∅ for empty, JSON for objects, else the text. */
export function changeValueText(value: unknown): string {
  if (value === null || value === undefined || value === "") return "∅";
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}
