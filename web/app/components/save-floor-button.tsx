import { Link } from "react-router";
import { useSavedFloor } from "../lib/saved-floors.ts";

function HeartIcon({ filled, className = "h-5 w-5" }: { filled: boolean; className?: string }) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      fill={filled ? "currentColor" : "none"}
      stroke="currentColor"
      strokeWidth="1.8"
      aria-hidden="true"
    >
      <path
        d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10Z"
        strokeLinejoin="round"
      />
    </svg>
  );
}

const buttonClass =
  "inline-flex min-h-10 items-center gap-2 rounded-md border border-stone-300 px-3 py-2 text-sm font-semibold text-navy-800 hover:bg-stone-100";

/**
 * The heart: a signed-in shopper saves the floor to the account's list; anyone else is led to
 * sign in. A guest's page asks the API nothing (the session hint cookie is absent).
 */
export function SaveFloorButton({ productId }: { productId: number }) {
  const { signedIn, saved, busy, toggle } = useSavedFloor(productId);
  if (!signedIn)
    return (
      <Link to="/account" className={buttonClass}>
        <HeartIcon filled={false} /> Sign in to save
      </Link>
    );
  return (
    <button
      type="button"
      className={buttonClass}
      aria-pressed={saved}
      aria-busy={busy}
      onClick={() => void toggle()}
    >
      <HeartIcon filled={saved} /> {saved ? "Saved" : "Save"}
    </button>
  );
}

const cardHeartClass =
  "inline-flex h-10 w-10 items-center justify-center rounded-full bg-white/95 text-oak-700 shadow-sm ring-1 ring-stone-300 hover:bg-white hover:text-oak-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-navy-800";

/**
 * The heart on a product card: the same as the product page's, as an icon named for its floor
 * ("Save Oak Natural to my floors", pressed once saved); a guest's heart leads to sign in.
 */
export function CardSaveButton({ productId, name }: { productId: number; name: string }) {
  const { signedIn, saved, busy, toggle } = useSavedFloor(productId);
  if (!signedIn)
    return (
      <Link to="/account" className={cardHeartClass} aria-label={`Sign in to save ${name}`}>
        <HeartIcon filled={false} />
      </Link>
    );
  return (
    <button
      type="button"
      className={cardHeartClass}
      aria-label={`Save ${name} to my floors`}
      aria-pressed={saved}
      aria-busy={busy}
      onClick={() => void toggle()}
    >
      <HeartIcon filled={saved} />
    </button>
  );
}
