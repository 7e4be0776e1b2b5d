/** A loading indicator with a text alternative. */
export function Spinner({ label = "Loading..." }: { label?: string }) {
  return (
    <div
      role="status"
      className="flex flex-col items-center justify-center gap-3 py-16 text-stone-600"
    >
      <span
        aria-hidden="true"
        className="h-10 w-10 animate-spin rounded-full border-4 border-oak-100 border-t-oak-600"
      />
      <span className="text-sm">{label}</span>
    </div>
  );
}
