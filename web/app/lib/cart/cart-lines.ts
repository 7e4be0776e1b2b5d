import { type SellingUnit, sellingUnits } from "@mcf/contracts/accessories";
import { storageKeys } from "@mcf/contracts/business";
import type { CartItem } from "@mcf/contracts/cart";
import { type CartItemKind, sampleRules } from "@mcf/contracts/cart-kinds";
import { toCents, toDollars } from "@mcf/contracts/money";
import { priceSampleLines } from "@mcf/contracts/pricing";
import { productImageUrl } from "@mcf/contracts/product-image-urls";
import type { ProductImage } from "@mcf/contracts/product-images";

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
  /** An accessory's unit; flooring ("box", or absent) is sold by the box. */
  selling_unit?: SellingUnit;
  images?: ProductImage[];
}

/** The smallest copy of the product's first uploaded photo, for a product with no image URL. */
function uploadedThumb(product: CartableProduct): string | null {
  const photo = product.images?.[0];
  const width = photo?.widths[0];
  return photo && width ? productImageUrl(photo.id, width, "webp") : null;
}

const roundSqft = (value: number) => Math.round(value * 100) / 100;

/** A line's kind: carts saved before samples hold boxes only. */
export const kindOf = (item: Pick<CartItem, "kind">): CartItemKind => item.kind ?? "box";

/**
 * Whether a line is priced for the other audience: a public price while a partner's token is held
 * (`partnerToken`), or a partner price without one. Samples have no partner price.
 */
export const pricedForOtherAudience = (
  item: Pick<CartItem, "kind" | "partner_price">,
  partnerToken: string | null,
) => kindOf(item) !== "sample" && Boolean(item.partner_price) !== Boolean(partnerToken);

/** Whether a line is this product in this kind (boxes and samples of one product are two lines). */
const isLine = (item: CartItem, productId: number, kind: CartItemKind) =>
  item.product_id === productId && kindOf(item) === kind;

/**
 * Recomputes a line's totals from its quantity. A sample line shows no price here: the first
 * samples of an order are free and the checkout shows what the server charges for the rest.
 */
export function withQuantity(item: CartItem, quantity: number): CartItem {
  if (kindOf(item) === "sample")
    return { ...item, quantity, unit_price: 0, total_price: 0, sqft_per_box: 0, total_sqft: 0 };
  return {
    ...item,
    quantity,
    total_price: toDollars(toCents(item.unit_price) * quantity),
    total_sqft: roundSqft(item.sqft_per_box * quantity),
  };
}

/** A sample line of a product: one sample, no box price, no coverage. */
export function sampleLineFor(product: Omit<CartableProduct, "price_per_box">): CartItem {
  return withQuantity(
    {
      ...cartLineFor({ ...product, price_per_box: 0 }, 1),
      kind: "sample",
    },
    1,
  );
}

/** How a line is added: a partner's price, a known unit price, or boxes of one dye lot. */
export interface CartLineOptions {
  partnerPrice?: boolean;
  unitPrice?: number;
  /** "Order more from the same lot": the server takes the boxes from this lot only. */
  lot?: { id: number; code: string };
}

/** A new cart line for a product. */
export function cartLineFor(
  product: CartableProduct,
  quantity = 1,
  options: CartLineOptions = {},
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
      uploadedThumb(product) ||
      defaultFlooringThumb,
    ...(options.partnerPrice ? { partner_price: true } : {}),
    ...(options.lot ? { lot_id: options.lot.id, lot_code: options.lot.code } : {}),
    ...(product.selling_unit && product.selling_unit !== "box"
      ? { selling_unit: product.selling_unit, sqft_per_box: 0 }
      : {}),
  };
  return withQuantity(line, quantity);
}

/**
 * Adding an existing product (in the same kind) raises its quantity by the amount added; a new
 * one is appended. A product's boxes are one line: added from a dye lot, the whole line is tied
 * to that lot (the server takes all its boxes from it).
 */
export function addLine(items: CartItem[], line: CartItem): CartItem[] {
  const kind = kindOf(line);
  const existing = items.find((item) => isLine(item, line.product_id, kind));
  if (!existing) return [...items, line];
  return items.map((item) =>
    isLine(item, line.product_id, kind)
      ? withQuantity(
          {
            ...item,
            unit_price: line.unit_price,
            partner_price: line.partner_price,
            ...(line.lot_id === undefined ? {} : { lot_id: line.lot_id, lot_code: line.lot_code }),
          },
          item.quantity + line.quantity,
        )
      : item,
  );
}

/** Quantity 0 or below removes the line. Boxes unless `kind` says samples. */
export function setLineQuantity(
  items: CartItem[],
  productId: number,
  quantity: number,
  kind: CartItemKind = "box",
): CartItem[] {
  if (quantity <= 0) return items.filter((item) => !isLine(item, productId, kind));
  return items.map((item) =>
    isLine(item, productId, kind) ? withQuantity(item, Math.floor(quantity)) : item,
  );
}

/** Whether the cart holds a sample of this product. */
export function hasSample(items: CartItem[], productId: number): boolean {
  return items.some((item) => isLine(item, productId, "sample"));
}

/** A line of accessories (sold by the piece, roll or pail rather than the box). */
export const isAccessoryLine = (item: Pick<CartItem, "selling_unit">) =>
  item.selling_unit !== undefined && item.selling_unit !== "box";

/**
 * What each sample line costs, by product id, by the checkout's rule: the first samples of an
 * order are free, each one after costs the sample price (a store setting). Null when the sample
 * price is not known here (the settings could not be read): the checkout then prices them.
 */
export function sampleLineCents(
  items: CartItem[],
  samplePriceCents: number | null,
): Map<number, number> | null {
  if (samplePriceCents === null) return null;
  const samples = items.filter((item) => kindOf(item) === "sample");
  const prices = priceSampleLines(
    samples.map((item) => item.quantity),
    { freePerOrder: sampleRules.freePerOrder, pricePerSampleCents: samplePriceCents },
  );
  return new Map(samples.map((item, i) => [item.product_id, prices[i]?.totalCents ?? 0]));
}

/** The lines as the cart lists them: the floors and accessories first, then the samples. */
export function linesInCartOrder(items: CartItem[]): CartItem[] {
  return [
    ...items.filter((item) => kindOf(item) !== "sample"),
    ...items.filter((item) => kindOf(item) === "sample"),
  ];
}

export interface CartTotals {
  /** Boxes, accessories and the samples past the free ones (when their price is known). */
  subtotal: number;
  /** Boxes of flooring (samples and accessories are counted apart). */
  boxCount: number;
  sampleCount: number;
  /** Pieces, rolls and pails of accessories. */
  accessoryCount: number;
  /** Boxes, accessories and samples: the cart badge. */
  itemCount: number;
  totalSqft: number;
}

export function cartTotals(items: CartItem[], samplePriceCents: number | null = null): CartTotals {
  const count = (kind: CartItemKind, accessories: boolean) =>
    items.reduce(
      (sum, item) =>
        sum + (kindOf(item) === kind && isAccessoryLine(item) === accessories ? item.quantity : 0),
      0,
    );
  const boxCount = count("box", false);
  const accessoryCount = count("box", true);
  const sampleCount = count("sample", false);
  return {
    subtotal: toDollars(
      items.reduce((sum, item) => sum + toCents(item.total_price), 0) +
        [...(sampleLineCents(items, samplePriceCents)?.values() ?? [])].reduce(
          (sum, cents) => sum + cents,
          0,
        ),
    ),
    boxCount,
    sampleCount,
    accessoryCount,
    itemCount: boxCount + accessoryCount + sampleCount,
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
          typeof item.product_name === "string" &&
          (item.kind === undefined || item.kind === "box" || item.kind === "sample") &&
          (item.selling_unit === undefined || sellingUnits.includes(item.selling_unit)),
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
    // Samples have no partner price.
    if (!price || kindOf(item) === "sample") return item;
    const { partner_price: _old, ...rest } = item;
    return withQuantity(
      { ...rest, unit_price: price.unitPrice, ...(price.partner ? { partner_price: true } : {}) },
      item.quantity,
    );
  });
}
