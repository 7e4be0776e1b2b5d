/**
 * A product without a price cannot be added to the cart; the shopper asks for its price on
 * /contact instead, with the product named in the link and written into the message for them.
 */
export const notForSaleOnlineMessage =
  "This product is not available for online purchase. Please contact us for pricing.";

/** The query parameter of /contact that names the product a price is asked for. */
export const priceRequestParam = "product";

/** Longest product name carried to the contact form (the catalogue's names are far shorter). */
const maxNameLength = 200;

/** /contact with the product named, e.g. `/contact?product=Oak+Natural`. */
export function priceRequestHref(productName: string): string {
  const params = new URLSearchParams({ [priceRequestParam]: productName.slice(0, maxNameLength) });
  return `/contact?${params}`;
}

/** The product named in a /contact address, or null. */
export function priceRequestProduct(search: URLSearchParams): string | null {
  const name = search.get(priceRequestParam)?.trim().slice(0, maxNameLength);
  return name ? name : null;
}

/** The message the contact form starts with when a price is asked for. */
export function priceRequestMessage(productName: string): string {
  return `Hello, I would like a price for ${productName}.`;
}
