import { storageKeys } from "@mcf/contracts/business";
import type { CartItem } from "@mcf/contracts/cart";
import { toCents, toDollars } from "@mcf/contracts/money";

export const defaultFlooringThumb = "/img/default-flooring-thumb.webp";

/** The product fields a cart line is made from. */
export interface CartableProduct {
  id: number;
  name: string;
  price_per_box: number | null;
  sqft_per_carton: number | null;
  thumbnail_image_url?: string | null;
  main_image_url?: string | null;
  image_url?: string | null;
}

const roundSqft = (value: number) => Math.round(value * 100) / 100;

/** Recomputes a line's totals from its quantity. */
export function withQuantity(item: CartItem, quantity: number): CartItem {
  return {
    ...item,
    quantity,
    total_price: toDollars(toCents(item.unit_price) * quantity),
    total_sqft: roundSqft(item.sqft_per_box * quantity),
  };
}

/** A new cart line for a product. */
export function cartLineFor(
  product: CartableProduct,
  quantity = 1,
  options: { partnerPrice?: boolean; unitPrice?: number } = {},
): CartItem {
  const line: CartItem = {
    product_id: product.id,
    product_name: product.name,
    quantity,
    unit_price: options.unitPrice ?? product.price_per_box ?? 0,
    total_price: 0,
    sqft_per_box: product.sqft_per_carton ?? 0,
    total_sqft: 0,
    thumbnail_image_url:
      product.thumbnail_image_url ||
      product.main_image_url ||
      product.image_url ||
      defaultFlooringThumb,
    ...(options.partnerPrice ? { partner_price: true } : {}),
  };
  return withQuantity(line, quantity);
}

/** Adding an existing product raises its quantity by the amount added; a new one is appended. */
export function addLine(items: CartItem[], line: CartItem): CartItem[] {
  const existing = items.find((item) => item.product_id === line.product_id);
  if (!existing) return [...items, line];
  return items.map((item) =>
    item.product_id === line.product_id
      ? withQuantity(
          { ...item, unit_price: line.unit_price, partner_price: line.partner_price },
          item.quantity + line.quantity,
        )
      : item,
  );
}

/** Quantity 0 or below removes the line. */
export function setLineQuantity(
  items: CartItem[],
  productId: number,
  quantity: number,
): CartItem[] {
  if (quantity <= 0) return items.filter((item) => item.product_id !== productId);
  return items.map((item) =>
    item.product_id === productId ? withQuantity(item, Math.floor(quantity)) : item,
  );
}

export interface CartTotals {
  subtotal: number;
  boxCount: number;
  totalSqft: number;
}

export function cartTotals(items: CartItem[]): CartTotals {
  return {
    subtotal: toDollars(items.reduce((sum, item) => sum + toCents(item.total_price), 0)),
    boxCount: items.reduce((sum, item) => sum + item.quantity, 0),
    totalSqft: roundSqft(items.reduce((sum, item) => sum + item.total_sqft, 0)),
  };
}

/** Reads the saved cart; a corrupt copy is logged and ignored. */
export function readSavedCart(storage: Pick<Storage, "getItem">): CartItem[] {
  const raw = storage.getItem(storageKeys.cart);
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) throw new Error("saved cart is not a list");
    return parsed
      .filter(
        (item): item is CartItem =>
          item &&
          typeof item === "object" &&
          Number.isInteger(item.product_id) &&
          Number.isInteger(item.quantity) &&
          item.quantity > 0 &&
          typeof item.product_name === "string",
      )
      .map((item) =>
        withQuantity(
          {
            ...item,
            unit_price: Number(item.unit_price) || 0,
            sqft_per_box: Number(item.sqft_per_box) || 0,
          },
          item.quantity,
        ),
      );
  } catch (error) {
    console.error("Ignoring a corrupt saved cart", error);
    return [];
  }
}

export function saveCart(
  storage: Pick<Storage, "setItem" | "removeItem">,
  items: CartItem[],
): void {
  storage.setItem(storageKeys.cart, JSON.stringify(items));
}

/** A line's new per-box price, and whether it is a partner price. */
export interface LinePrice {
  unitPrice: number;
  partner: boolean;
}

/** Reprices the lines found in `prices` (others keep theirs), recomputing their totals. */
export function repriceLines(items: CartItem[], prices: Map<number, LinePrice>): CartItem[] {
  return items.map((item) => {
    const price = prices.get(item.product_id);
    if (!price) return item;
    const { partner_price: _old, ...rest } = item;
    return withQuantity(
      { ...rest, unit_price: price.unitPrice, ...(price.partner ? { partner_price: true } : {}) },
      item.quantity,
    );
  });
}
