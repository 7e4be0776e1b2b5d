import type { AceProduct } from "@mcf/contracts/partners";
import { describe, expect, it } from "vitest";
import { partnerPriceSource } from "./partner-price-source.ts";
import { listedProduct, publicPriceSource } from "./price-source.ts";

function partnerProduct(overrides: Partial<AceProduct> = {}): AceProduct {
  return {
    id: 7,
    name: "Harbor Oak",
    brand: "Shaw",
    type: "hardwood",
    construction: null,
    collection: "AR",
    style_color: null,
    color: null,
    color_code: null,
    samples_available: true,
    images: [],
    selling_unit: "box",
    accessory_kind: null,
    unit_coverage_sqft: null,
    fits_types: null,
    size: null,
    description: null,
    sku: null,
    our_price: 3.1,
    price_per_box: 62,
    competitor_price: null,
    their_price_per_box: null,
    msrp: null,
    sqft_per_carton: 20,
    cartons_per_pallet: null,
    pallet_shipping_cost: null,
    stock_quantity: 40,
    overall_thickness: null,
    wear_layer_thickness: null,
    thumbnail_image_url: null,
    main_image_url: null,
    secondary_image_url: null,
    image_url: null,
    features: {},
    specifications: {},
    is_closeout: false,
    updated_at: "2026-01-01T00:00:00.000Z",
    rating_average: null,
    rating_count: 0,
    ace_shown_price: 3.1,
    retail_price: null,
    price_source: "partner",
    ...overrides,
  };
}

describe("price sources", () => {
  it("shows a partner-priced product as ACE Price on a card and ACE Pricing on its page", () => {
    const product = partnerProduct({ retail_price: 3.99 });
    expect(partnerPriceSource.priceOf(product)).toMatchObject({
      perSqft: 3.1,
      perBox: 62,
      label: "ACE Price",
      unit: "box",
      retail: 3.99,
    });
    expect(partnerPriceSource.priceOf(product, "page").label).toBe("ACE Pricing");
  });

  it("shows a product without a partner price at the public price, labelled Public price, and sells it", () => {
    const product = partnerProduct({
      ace_shown_price: null,
      our_price: 4.25,
      price_per_box: 85,
      price_source: "public",
    });
    for (const place of ["card", "page"] as const) {
      expect(partnerPriceSource.priceOf(product, place)).toEqual({
        perSqft: 4.25,
        perBox: 85,
        label: "Public price",
        unit: "box",
        // Paying the public price, the partner saves nothing: no retail comparison.
        retail: null,
      });
    }
    expect(partnerPriceSource.partnerLines).toBe(true);
  });

  it("links partner products inside /ace and public ones inside /products", () => {
    const product = partnerProduct();
    expect(partnerPriceSource.detailHref(product)).toBe("/ace/products/7");
    expect(publicPriceSource.detailHref(product)).toBe("/products/7");
    expect(partnerPriceSource.api).toBe("/api/ace/products");
    expect(publicPriceSource.api).toBe("/api/products");
  });

  it("shows the public store's price without a label and keeps the competitor comparison", () => {
    const product = partnerProduct({ our_price: 4.25, price_per_box: 85 });
    expect(publicPriceSource.priceOf(product)).toEqual({
      perSqft: 4.25,
      perBox: 85,
      unit: "box",
    });
    expect(publicPriceSource.showCompetitorPrice).toBe(true);
    expect(partnerPriceSource.showCompetitorPrice).toBe(false);
    expect(publicPriceSource.partnerLines).toBe(false);
  });

  it("sends a list card its name, image, stock and price, not the product page's description", () => {
    const product = partnerProduct({
      description: "A long story about this floor",
      specifications: { Finish: "Matte" },
      our_price: 4.25,
      price_per_box: 85,
      thumbnail_image_url: "/images/harbor.jpg",
    });
    const listed = listedProduct(product);
    expect(publicPriceSource.priceOf(listed)).toEqual(publicPriceSource.priceOf(product));
    expect(listed).toMatchObject({
      name: "Harbor Oak",
      brand: "Shaw",
      stock_quantity: 40,
      thumbnail_image_url: "/images/harbor.jpg",
      samples_available: true,
    });
    expect(JSON.stringify(listed)).not.toContain("A long story");
    expect(JSON.stringify(listed)).not.toContain("Matte");
  });
});
