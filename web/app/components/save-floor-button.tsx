import type { SavedProduct } from "@mcf/contracts/accounts";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { api, isAbortError } from "../lib/api.ts";
import { mayBeSignedIn } from "../lib/shopper-session.ts";

function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg
      className="h-5 w-5"
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
  const [signedIn, setSignedIn] = useState(false);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!mayBeSignedIn()) return;
    const controller = new AbortController();
    api<{ products: SavedProduct[] }>("/api/account/saved-products", {
      signal: controller.signal,
    })
      .then(({ products }) => {
        setSignedIn(true);
        setSaved(products.some((product) => product.product_id === productId));
      })
      .catch((error) => {
        if (!isAbortError(error)) setSignedIn(false);
      });
    return () => controller.abort();
  }, [productId]);

  if (!signedIn)
    return (
      <Link to="/account" className={buttonClass}>
        <HeartIcon filled={false} /> Sign in to save
      </Link>
    );

  async function toggle() {
    if (busy) return;
    setBusy(true);
    try {
      await api(`/api/account/saved-products/${productId}`, { method: saved ? "DELETE" : "PUT" });
      setSaved(!saved);
    } catch {
      // The heart stays as it was; the shopper can press it again.
    } finally {
      setBusy(false);
    }
  }

  return (
    <button type="button" className={buttonClass} aria-pressed={saved} onClick={toggle}>
      <HeartIcon filled={saved} /> {saved ? "Saved" : "Save"}
    </button>
  );
}
