import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useLocation } from "react-router";
import { useCart } from "./cart-context.tsx";
import { shouldPreviewCart } from "./cart-preview-rule.ts";
import { cartItemsLabel } from "./cart-wording.ts";

/** How long the slide-over stays open after the box count rises. */
export const cartPreviewMs = 3000;

/**
 * closed; preview: opened by a rise in the box count, does not take focus and closes itself;
 * dialog: opened from the cart icon, a modal dialog that keeps focus until closed.
 */
export type CartDrawerMode = "closed" | "preview" | "dialog";

export interface CartDrawerValue {
  mode: CartDrawerMode;
  /** Text for the polite live region: what was just added. */
  announcement: string;
  openDialog(opener: HTMLElement | null): void;
  /** Closes the drawer; focus returns to the cart icon when it was opened from there. */
  close(options?: { restoreFocus?: boolean }): void;
  /** Keeps the preview open while the shopper points at or focuses into it. */
  holdPreview(): void;
  releasePreview(): void;
}

const CartDrawerContext = createContext<CartDrawerValue | null>(null);

/** Owns the slide-over's open state and opens it when the cart's box count rises. */
export function CartDrawerProvider({ children }: { children: React.ReactNode }) {
  const { itemCount, boxCount, sampleCount, accessoryCount, restored, restoredItemCount } =
    useCart();
  const { pathname } = useLocation();
  const [mode, setMode] = useState<CartDrawerMode>("closed");
  const [announcement, setAnnouncement] = useState("");
  const previousCount = useRef<number | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const modeRef = useRef(mode);
  modeRef.current = mode;

  const stopTimer = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  }, []);
  const startTimer = useCallback(() => {
    stopTimer();
    timer.current = setTimeout(() => {
      timer.current = null;
      setMode((current) => (current === "preview" ? "closed" : current));
    }, cartPreviewMs);
  }, [stopTimer]);

  const close = useCallback<CartDrawerValue["close"]>(
    ({ restoreFocus = true } = {}) => {
      stopTimer();
      const wasDialog = modeRef.current === "dialog";
      setMode("closed");
      if (wasDialog && restoreFocus) opener.current?.focus();
    },
    [stopTimer],
  );

  const openDialog = useCallback(
    (element: HTMLElement | null) => {
      stopTimer();
      opener.current = element;
      setMode("dialog");
    },
    [stopTimer],
  );

  // A rise in the item count (boxes and samples) opens the preview, except on /cart. The saved
  // cart is the baseline: restoring it is no rise, while boxes added before the restore landed
  // (a fast tap on a slow phone) are.
  useEffect(() => {
    if (!restored) return;
    const previous = previousCount.current ?? restoredItemCount;
    previousCount.current = itemCount;
    if (itemCount <= previous) return;
    setAnnouncement(
      `Added to cart. Your cart has ${cartItemsLabel(boxCount, sampleCount, accessoryCount)}.`,
    );
    if (!shouldPreviewCart(previous, itemCount, pathname) || modeRef.current === "dialog") return;
    setMode("preview");
    startTimer();
  }, [
    itemCount,
    boxCount,
    sampleCount,
    accessoryCount,
    restored,
    restoredItemCount,
    pathname,
    startTimer,
  ]);

  // Leaving a page closes the preview; /cart shows the cart itself.
  useEffect(() => {
    if (modeRef.current !== "closed") close({ restoreFocus: false });
  }, [pathname]);

  useEffect(() => stopTimer, [stopTimer]);

  const value = useMemo<CartDrawerValue>(
    () => ({
      mode,
      announcement,
      openDialog,
      close,
      holdPreview: () => {
        if (modeRef.current === "preview") stopTimer();
      },
      releasePreview: () => {
        if (modeRef.current === "preview") startTimer();
      },
    }),
    [mode, announcement, openDialog, close, stopTimer, startTimer],
  );
  return <CartDrawerContext.Provider value={value}>{children}</CartDrawerContext.Provider>;
}

export function useCartDrawer(): CartDrawerValue {
  const value = useContext(CartDrawerContext);
  if (!value) throw new Error("useCartDrawer must be used inside CartDrawerProvider");
  return value;
}
