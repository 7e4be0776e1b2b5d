import type { SavedProduct } from "@mcf/contracts/accounts";
import { useCallback, useEffect, useSyncExternalStore } from "react";
import { api } from "./api.ts";
import { mayBeSignedIn } from "./shopper-session.ts";

/** The signed-in shopper's saved floors as this page knows them (null: not signed in). */
interface SavedFloors {
  signedIn: boolean;
  ids: ReadonlySet<number>;
  /** Floors whose save or removal is on its way (their hearts wait). */
  busy: ReadonlySet<number>;
}

const signedOut: SavedFloors = { signedIn: false, ids: new Set(), busy: new Set() };
let state: SavedFloors = signedOut;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

function set(next: SavedFloors) {
  state = next;
  for (const listener of listeners) listener();
}

/**
 * Reads the saved list once per page load, for every heart on the page (a list of 100 cards asks
 * once). A guest's page asks nothing: the session hint cookie is absent.
 */
function loadSavedFloors(): Promise<void> {
  if (!mayBeSignedIn()) return Promise.resolve();
  loading ??= api<{ products: SavedProduct[] }>("/api/account/saved-products")
    .then(({ products }) =>
      set({ ...state, signedIn: true, ids: new Set(products.map((p) => p.product_id)) }),
    )
    .catch(() => {
      // Not signed in after all (or the list cannot be read): the hearts lead to sign in.
      loading = null;
    });
  return loading;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * One floor's heart: whether the shopper is signed in, whether the floor is saved, and `toggle`,
 * which saves or removes it (the heart stays as it was when the request fails, so the shopper
 * can press again). Every heart of the same floor on the page changes together.
 */
export function useSavedFloor(productId: number) {
  const current = useSyncExternalStore(
    subscribe,
    () => state,
    () => signedOut,
  );
  useEffect(() => {
    void loadSavedFloors();
  }, []);
  const saved = current.ids.has(productId);
  const busy = current.busy.has(productId);
  const toggle = useCallback(async () => {
    if (state.busy.has(productId)) return;
    const wasSaved = state.ids.has(productId);
    set({ ...state, busy: new Set([...state.busy, productId]) });
    let nowSaved = wasSaved;
    try {
      await api(`/api/account/saved-products/${productId}`, {
        method: wasSaved ? "DELETE" : "PUT",
      });
      nowSaved = !wasSaved;
    } catch {
      // Left as it was.
    }
    const ids = new Set(state.ids);
    if (nowSaved) ids.add(productId);
    else ids.delete(productId);
    const stillBusy = new Set(state.busy);
    stillBusy.delete(productId);
    set({ ...state, ids, busy: stillBusy });
  }, [productId]);
  return { signedIn: current.signedIn, saved, busy, toggle };
}
