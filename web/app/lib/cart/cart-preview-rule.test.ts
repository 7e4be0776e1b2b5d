import { describe, expect, it } from "vitest";
import { shouldPreviewCart } from "./cart-preview-rule.ts";

describe("cart slide-over preview rule", () => {
  it("opens when the box count rises on any page but /cart", () => {
    expect(shouldPreviewCart(2, 3, "/products/7")).toBe(true);
    expect(shouldPreviewCart(0, 1, "/")).toBe(true);
    expect(shouldPreviewCart(2, 3, "/cart")).toBe(false);
  });

  it("restoring the saved cart is not a rise", () => {
    expect(shouldPreviewCart(null, 5, "/")).toBe(false);
  });

  it("a fall or no change does not open it", () => {
    expect(shouldPreviewCart(3, 2, "/")).toBe(false);
    expect(shouldPreviewCart(3, 3, "/")).toBe(false);
  });
});
