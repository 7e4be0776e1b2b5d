import { describe, expect, it } from "vitest";
import { priceRequestHref, priceRequestMessage, priceRequestProduct } from "./price-request.ts";

describe("asking for a price", () => {
  it("names the product in the contact link and reads it back", () => {
    const href = priceRequestHref("Commons Carpet Tile & Grid");
    expect(href).toBe("/contact?product=Commons+Carpet+Tile+%26+Grid");
    const search = new URL(href, "http://store.test").searchParams;
    expect(priceRequestProduct(search)).toBe("Commons Carpet Tile & Grid");
    expect(priceRequestMessage("Oak")).toBe("Hello, I would like a price for Oak.");
  });

  it("ignores an empty or missing product", () => {
    expect(priceRequestProduct(new URLSearchParams("product=%20"))).toBeNull();
    expect(priceRequestProduct(new URLSearchParams(""))).toBeNull();
  });
});
