import { useStoreDetails } from "../lib/store-details.ts";

/** The logo: three staggered planks and the name. */
export function BrandMark({ light = false }: { light?: boolean }) {
  const store = useStoreDetails();
  return (
    <span className="flex items-center gap-2.5">
      <svg viewBox="0 0 40 40" className="h-9 w-9 shrink-0" aria-hidden="true">
        <rect width="40" height="40" rx="8" fill="#1f2a44" />
        <rect x="7" y="9" width="18" height="6" rx="1.5" fill="#d9a66b" />
        <rect x="15" y="17" width="18" height="6" rx="1.5" fill="#b7793f" />
        <rect x="7" y="25" width="18" height="6" rx="1.5" fill="#9a6233" />
      </svg>
      <span
        className={`font-display text-lg leading-tight font-bold ${light ? "text-white" : "text-navy-800"}`}
      >
        {store.business_name}
      </span>
    </span>
  );
}
