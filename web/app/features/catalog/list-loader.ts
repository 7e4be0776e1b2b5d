import type { PublicProduct } from "@mcf/contracts/product";
import type { WebLoadContext } from "@mcf/contracts/web-context";
import { data } from "react-router";
import { api } from "../../lib/api.ts";

/**
 * A page loader's read of one product list (/closeouts, /accessories): the products, or none
 * with `failed` and a 503 when the catalogue cannot be read, so the page says so.
 */
export async function loadProductList(path: string, context: WebLoadContext, request: Request) {
  try {
    const { products } = await api<{ products: PublicProduct[] }>(path, {
      fetch: context.apiFetch,
      signal: request.signal,
    });
    return { products, failed: false };
  } catch {
    return data({ products: [] as PublicProduct[], failed: true }, { status: 503 });
  }
}
