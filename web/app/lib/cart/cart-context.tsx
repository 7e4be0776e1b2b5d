import { storageKeys } from "@mcf/contracts/business";
import type { CartItem } from "@mcf/contracts/cart";
import type { CartItemKind } from "@mcf/contracts/cart-kinds";
import type { OrderConfirmation } from "@mcf/contracts/orders";
import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { readAceToken } from "../ace-token.ts";
import { api } from "../api.ts";
import { deferredIslandsHydrated } from "../deferred-island.tsx";
import { loadUntilItComes } from "../load-until-it-comes.ts";
import { useStoreDetails } from "../store-details.ts";
import {
  addLine,
  type CartableProduct,
  type CartLineOptions,
  type CartTotals,
  cartLineFor,
  cartTotals,
  hasSample,
  type LinePrice,
  pricedForOtherAudience,
  readSavedCart,
  repriceLines,
  sampleLineFor,
  saveCart,
  setLineQuantity,
} from "./cart-lines.ts";
import { settlePendingPayment } from "./pending-payment.ts";

export interface CartContextValue extends CartTotals {
  items: CartItem[];
  /** The price of each sample past the free ones (a store setting); null when unknown here. */
  samplePriceCents: number | null;
  /** False until the saved cart has been read (after hydration). */
  restored: boolean;
  /**
   * How many items (boxes and samples) the saved cart held when it was read: what a shopper adds
   * before the read lands is a rise above it. Zero until restored.
   */
  restoredItemCount: number;
  addItem(product: CartableProduct, quantity?: number, options?: CartLineOptions): void;
  /** Puts one sample of the product in the cart (once: a second click changes nothing). */
  addSample(product: Omit<CartableProduct, "price_per_box">): void;
  /** Boxes unless `kind` says samples. */
  setQuantity(productId: number, quantity: number, kind?: CartItemKind): void;
  removeItem(productId: number, kind?: CartItemKind): void;
  /** Empties the cart and deletes the saved copy. */
  clear(): void;
  /** Replaces every line. */
  load(items: CartItem[]): void;
  /** Sets new per-box prices on the lines they name (partner sign-in or sign-out). */
  applyPrices(prices: Map<number, LinePrice>): void;
}

const CartContext = createContext<CartContextValue | null>(null);

/** The browser's cart: restored from localStorage after hydration, saved on every change. */
export function CartProvider({ children }: { children: React.ReactNode }) {
  const [items, setItems] = useState<CartItem[]>([]);
  const [restored, setRestored] = useState(false);
  const [restoredItemCount, setRestoredItemCount] = useState(0);
  const samplePriceCents = useStoreDetails().sample_price_cents;
  // The lines as last read from or written to storage: a render with these needs no save. A
  // line added while the restore is still pending is applied on top of the saved ones, which
  // makes new lines, so it is saved.
  const stored = useRef<CartItem[] | null>(null);

  useEffect(() => {
    // Once the parts whose code comes after hydration (deferred islands, decision 089) have
    // hydrated: a change of this context reaches every part of the page, and a part still
    // dehydrated would drop its server HTML for an empty fallback. Begun while they hydrate, the
    // update stayed pending behind React Router's hydration transition in about one page load
    // in six on a fast machine (the cart page at "Loading your cart...", or the page never
    // interactive).
    let live = true;
    void deferredIslandsHydrated().then(() => {
      if (!live) return;
      startTransition(() => {
        const saved = readSavedCart(localStorage);
        stored.current = saved;
        setItems(saved);
        setRestoredItemCount(cartTotals(saved, null).itemCount);
        setRestored(true);
      });
    });
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (!restored || items === stored.current) return;
    stored.current = items;
    saveCart(localStorage, items);
  }, [items, restored]);

  const addItem = useCallback<CartContextValue["addItem"]>((product, quantity = 1, options) => {
    setItems((current) => addLine(current, cartLineFor(product, quantity, options)));
  }, []);
  const addSample = useCallback<CartContextValue["addSample"]>((product) => {
    setItems((current) =>
      hasSample(current, product.id) ? current : addLine(current, sampleLineFor(product)),
    );
  }, []);
  const setQuantity = useCallback(
    (productId: number, quantity: number, kind: CartItemKind = "box") => {
      setItems((current) => setLineQuantity(current, productId, quantity, kind));
    },
    [],
  );
  const removeItem = useCallback((productId: number, kind: CartItemKind = "box") => {
    setItems((current) => setLineQuantity(current, productId, 0, kind));
  }, []);
  const clear = useCallback(() => {
    const empty: CartItem[] = [];
    stored.current = empty;
    setItems(empty);
    localStorage.removeItem(storageKeys.cart);
  }, []);
  const load = useCallback((next: CartItem[]) => setItems(next), []);

  // A payment started from this cart and paid on another address (see pending-payment.ts)
  // empties the cart when the shopper is back.
  useEffect(() => {
    if (!restored) return;
    let live = true;
    void settlePendingPayment(localStorage, (sessionId) =>
      api<OrderConfirmation>(`/api/orders/by-session/${encodeURIComponent(sessionId)}`),
    ).then((outcome) => {
      if (live && outcome === "paid") clear();
    });
    return () => {
      live = false;
    };
  }, [restored, clear]);
  const applyPrices = useCallback((prices: Map<number, LinePrice>) => {
    setItems((current) => repriceLines(current, prices));
  }, []);
  // Lines show the price the checkout will charge whoever holds the cart: an accessory a signed-in
  // partner adds from a public page gets the partner price, a partner line the public price once
  // no partner is signed in (signing in and out on the portal reprices the cart there too).
  useEffect(() => {
    if (!restored) return;
    const token = readAceToken();
    if (!items.some((item) => pricedForOtherAudience(item, token))) return;
    let live = true;
    // Loaded only when a line needs it: every public page carries this provider. A dropped fetch
    // of that code is tried again, as for every part of the page.
    void loadUntilItComes(() => import("./cart-repricing.ts"))
      .then(({ pricesForAudience }) => pricesForAudience(items, token))
      .then((prices) => {
        if (live && prices.size > 0) applyPrices(prices);
      });
    return () => {
      live = false;
    };
  }, [items, restored, applyPrices]);

  const value = useMemo<CartContextValue>(
    () => ({
      items,
      restored,
      restoredItemCount,
      ...cartTotals(items, samplePriceCents),
      samplePriceCents,
      addItem,
      addSample,
      setQuantity,
      removeItem,
      clear,
      load,
      applyPrices,
    }),
    [
      items,
      restored,
      restoredItemCount,
      samplePriceCents,
      addItem,
      addSample,
      setQuantity,
      removeItem,
      clear,
      load,
      applyPrices,
    ],
  );
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

export function useCart(): CartContextValue {
  const value = useContext(CartContext);
  if (!value) throw new Error("useCart must be used inside CartProvider");
  return value;
}
